package io.sluice.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP relay on 127.0.0.1 between a client and a database server, which a test tells to fail the
 * way networks and servers fail: {@link #freeze()} stops every byte in both directions, as a server
 * whose processes are stopped would (new connections are accepted and get no answer, as from a
 * listener that never replies); {@link #cutOnceWhenClientSends} breaks the connection that sends a
 * given text; {@link #refuseNext} closes the next connections as soon as they are accepted.
 */
public final class TcpProxy implements AutoCloseable {
    private static final Pattern HOST_AND_PORT = Pattern.compile("//[^/?;]+");
    private static final int BUFFER_BYTES = 16 * 1024;
    private static final long FROZEN_POLL_MILLIS = 20;

    private final String targetHost;
    private final int targetPort;
    private final ServerSocket listener;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final List<String> cutMarkers = new CopyOnWriteArrayList<>();
    private final AtomicInteger refusals = new AtomicInteger();
    private final AtomicInteger cuts = new AtomicInteger();
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile boolean frozen;
    private volatile boolean closed;

    private TcpProxy(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "tcp-proxy-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A relay to the host and port of {@code jdbcUrl}, such as {@code jdbc:postgresql://127.0.0.1:5432/test}. */
    public static TcpProxy before(String jdbcUrl) throws IOException {
        Matcher matcher = HOST_AND_PORT.matcher(jdbcUrl);
        if (!matcher.find()) {
            throw new IllegalArgumentException("No //host:port in " + jdbcUrl);
        }
        String hostAndPort = matcher.group().substring(2);
        int colon = hostAndPort.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("No port in " + jdbcUrl);
        }
        return new TcpProxy(hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
    }

    /** {@code jdbcUrl} with its host and port replaced by this relay's. */
    public String rewrite(String jdbcUrl) {
        return HOST_AND_PORT.matcher(jdbcUrl).replaceFirst("//127.0.0.1:" + listener.getLocalPort());
    }

    /** Holds every byte in both directions, on open connections and on new ones, until {@link #thaw()}. */
    public void freeze() {
        frozen = true;
    }

    /** Relays again what was held. */
    public void thaw() {
        frozen = false;
    }

    /** Closes, once, the first connection whose client sends {@code text}, before it reaches the server. */
    public void cutOnceWhenClientSends(String text) {
        cutMarkers.add(text);
    }

    /** How many connections {@link #cutOnceWhenClientSends} broke so far. */
    public int cuts() {
        return cuts.get();
    }

    /** How many connections clients opened so far, refused ones included. */
    public int accepted() {
        return accepted.get();
    }

    /** Closes the next {@code connections} connections as soon as they are accepted. */
    public void refuseNext(int connections) {
        refusals.set(connections);
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        sockets.forEach(TcpProxy::closeQuietly);
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return;
            }
            accepted.incrementAndGet();
            if (refusals.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                closeQuietly(client);
                continue;
            }
            sockets.add(client);
            start(() -> connect(client), "tcp-proxy-connect");
        }
    }

    private void connect(Socket client) {
        try {
            awaitThaw();
            Socket server = new Socket(targetHost, targetPort);
            sockets.add(server);
            start(() -> relay(client, server, true), "tcp-proxy-up");
            start(() -> relay(server, client, false), "tcp-proxy-down");
        } catch (IOException e) {
            closeQuietly(client);
        }
    }

    private void relay(Socket from, Socket to, boolean fromClient) {
        byte[] buffer = new byte[BUFFER_BYTES];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                awaitThaw();
                if (fromClient && shouldCut(buffer, read)) {
                    break;
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException e) {
            // The other direction closed the pair, or the peer went away: either ends this relay.
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private boolean shouldCut(byte[] buffer, int length) {
        if (cutMarkers.isEmpty()) {
            return false;
        }
        String text = new String(buffer, 0, length, StandardCharsets.ISO_8859_1);
        for (String marker : cutMarkers) {
            if (text.contains(marker) && cutMarkers.remove(marker)) {
                cuts.incrementAndGet();
                return true;
            }
        }
        return false;
    }

    private void awaitThaw() throws IOException {
        while (frozen && !closed) {
            try {
                Thread.sleep(FROZEN_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while frozen", e);
            }
        }
        if (closed) {
            throw new SocketException("proxy closed");
        }
    }

    private static void start(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Closing is best effort: the socket may be closed already.
        }
    }

    @Override
    public String toString() {
        return "TcpProxy[127.0.0.1:" + listener.getLocalPort() + " -> " + targetHost + ":" + targetPort + "]";
    }

}
