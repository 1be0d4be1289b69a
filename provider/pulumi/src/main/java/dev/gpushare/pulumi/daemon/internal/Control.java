package dev.gpushare.pulumi.daemon.internal;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * One control connection between a client and the daemon, on the daemon's Unix domain socket.
 * The protocol (strings as {@link DataOutputStream#writeUTF}):
 * <pre>
 * client: TOKEN "open" CWD N ARG1..ARGN     daemon: "port" PORT (an int) | "error" MESSAGE
 * client: "close"                           daemon: "closed"          (the session is closed then)
 * (an error that begins with "stopping" means: this daemon is going away, serve the operation elsewhere)
 * </pre>
 * The session lives as long as the connection: when it ends (the client is killed), the daemon
 * closes the session.
 */
public final class Control implements AutoCloseable {
    public static final String OPEN = "open", CLOSE = "close", PORT = "port", ERROR = "error", CLOSED = "closed",
            STOPPING = "stopping";

    private final SocketChannel channel;
    public final DataInputStream in;
    public final DataOutputStream out;

    public Control(SocketChannel channel) {
        this.channel = channel;
        this.in = new DataInputStream(Channels.newInputStream(channel));
        this.out = new DataOutputStream(Channels.newOutputStream(channel));
    }

    /** Connects to the daemon's socket; throws when nothing listens there. */
    public static Control connect(Path socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return new Control(ch);
    }

    public void send(String... strings) throws IOException {
        for (String s : strings) out.writeUTF(s);
        out.flush();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
