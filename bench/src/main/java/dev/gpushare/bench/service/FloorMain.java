package dev.gpushare.bench.service;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * The floor under the service's status answer: a bare Jetty server, as the service's (one acceptor, one
 * selector, HTTP/1.1), answering every request with the same bytes — a file's, read once into a read-only direct
 * buffer — in one write with {@code Content-Length}, on Jetty's thread pool: no routing, token, store, metrics
 * or work pool. {@code
 * FloorMain FILE}; prints {@code listening URL}, runs until its standard input closes. What a status costs the
 * service above this is the service's; this much is Jetty's and the kernel's for the answer's size.
 */
public final class FloorMain {
    private FloorMain() {}

    public static void main(String[] args) throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(args[0]));
        ByteBuffer body = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server, 1, 1);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        // blocking (Jetty runs it on its pool, as the service's work is): a non-blocking handler would write every
        // answer from the one selector thread, a floor lower than the service's own
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
                response.write(true, body.duplicate(), callback);
                return true;
            }
        });
        server.start();
        System.out.println("listening http://127.0.0.1:" + connector.getLocalPort());
        System.out.flush();
        while (System.in.read() >= 0) {
            // nothing is sent; read until end of stream
        }
        server.stop();
    }
}
