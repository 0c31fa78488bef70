package io.sluice.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.EncoderBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import io.sluice.api.options.Secrets;
import java.nio.charset.Charset;
import java.util.Iterator;
import org.slf4j.LoggerFactory;

/**
 * Masks the secrets this process has seen in everything a Logback appender writes, in whatever file or
 * stream the configuration sends it to: HikariCP's DEBUG line with the {@code jdbcUrl}, a driver's
 * exception quoting the password. It wraps the encoder of each appender, so a user's own configuration
 * (a file appender at DEBUG) is masked as Sluice's own is.
 */
final class MaskingLogEncoder extends EncoderBase<ILoggingEvent> {
    private final Encoder<ILoggingEvent> encoder;
    private final Charset charset;

    private MaskingLogEncoder(Encoder<ILoggingEvent> encoder) {
        this.encoder = encoder;
        Charset declared = encoder instanceof LayoutWrappingEncoder<?> layout ? layout.getCharset() : null;
        this.charset = declared != null ? declared : Charset.defaultCharset();
    }

    /** Wraps the encoder of every appender Logback has; does nothing when another backend logs. */
    static void installOnEveryAppender() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return;
        }
        for (Logger logger : context.getLoggerList()) {
            for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext(); ) {
                if (it.next() instanceof OutputStreamAppender<ILoggingEvent> appender
                        && !(appender.getEncoder() instanceof MaskingLogEncoder)) {
                    MaskingLogEncoder masking = new MaskingLogEncoder(appender.getEncoder());
                    masking.setContext(context);
                    masking.start();
                    appender.setEncoder(masking);
                }
            }
        }
    }

    @Override
    public byte[] headerBytes() {
        return encoder.headerBytes();
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        byte[] bytes = encoder.encode(event);
        if (bytes == null || Secrets.noneRegistered()) {
            return bytes;
        }
        return Secrets.mask(new String(bytes, charset)).getBytes(charset);
    }

    @Override
    public byte[] footerBytes() {
        return encoder.footerBytes();
    }
}
