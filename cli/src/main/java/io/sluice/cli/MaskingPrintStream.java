package io.sluice.cli;

import io.sluice.api.options.Secrets;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * A print stream that replaces every registered secret ({@link Secrets}) before it reaches the
 * terminal: the last line of defence for what the CLI, its logs, drivers and stack traces print.
 * Text goes through {@link #print(String)}; raw bytes are masked when they decode to a secret.
 */
final class MaskingPrintStream extends PrintStream {
    private final Charset charset;

    MaskingPrintStream(OutputStream out, Charset charset) {
        super(out, true, charset);
        this.charset = charset;
    }

    /**
     * Wraps the JVM's standard stream {@code stream}, keeping the charset it encodes with: the console's
     * when {@code encodingProperty} (such as {@code sun.stdout.encoding}) names one, else the default.
     */
    static PrintStream wrapStandard(PrintStream stream, String encodingProperty) {
        String encoding = System.getProperty(encodingProperty);
        return new MaskingPrintStream(stream, encoding == null ? Charset.defaultCharset() : Charset.forName(encoding));
    }

    @Override
    public void print(String text) {
        super.print(Secrets.mask(text));
    }

    @Override
    public void print(Object object) {
        print(String.valueOf(object));
    }

    @Override
    public void print(char[] text) {
        print(new String(text));
    }

    @Override
    public void println(char[] text) {
        println(new String(text));
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        if (Secrets.noneRegistered()) {
            super.write(bytes, offset, length);
            return;
        }
        String text = new String(bytes, offset, length, charset);
        String masked = Secrets.mask(text);
        if (masked.equals(text)) {
            super.write(bytes, offset, length);
        } else {
            byte[] maskedBytes = masked.getBytes(charset);
            super.write(maskedBytes, 0, maskedBytes.length);
        }
    }
}
