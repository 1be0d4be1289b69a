package dev.gpushare.bench.service;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * A lean HTTP/1.1 client for the load generator ({@code bench.client=socket}): one kept-alive connection per
 * client thread, a blocking socket, the request written in one piece, the answer's head parsed and its body read
 * whole ({@code Content-Length} bytes into a new array, as a client that keeps the answer has it) — what curl or
 * Go's net/http cost, not the JDK client's: that one reads a 626 KB status answer in 16 KiB buffers through its
 * reactive pipeline at about 1.5 ms of CPU, more than the server spends writing it, so 16 of them on the
 * generator's one core measured the generator (docs/benchmarks.md, issue 24, status without gzip).
 *
 * <p>An answer without {@code Content-Length} (chunked) is read to its end as chunks; one that ends early is an
 * {@link IOException}, counted as a failure by the loop.
 */
final class SocketClient implements ClosedLoop.Call {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] request;

    SocketClient(String url, String method, String path, Map<String, String> headers, byte[] body) throws IOException {
        URI u = URI.create(url);
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(u.getHost(), u.getPort()), 10_000);
        socket.setSoTimeout(120_000);
        in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        out = socket.getOutputStream();
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ")
                .append(u.getHost()).append(':').append(u.getPort()).append("\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        if (body.length > 0 || method.equals("POST")) head.append("Content-Length: ").append(body.length).append("\r\n");
        head.append("\r\n");
        byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        request = new byte[h.length + body.length];
        System.arraycopy(h, 0, request, 0, h.length);
        System.arraycopy(body, 0, request, h.length, body.length);
    }

    /** Sends the request and reads the whole answer; its status code. */
    @Override
    public int send() throws IOException {
        out.write(request);
        out.flush();
        String status = line();
        if (!status.startsWith("HTTP/1.1 ") || status.length() < 12) throw new IOException("not an HTTP/1.1 answer: " + status);
        int code = Integer.parseInt(status.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        for (String l; !(l = line()).isEmpty(); ) {
            int colon = l.indexOf(':');
            if (colon < 0) continue;
            String name = l.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = l.substring(colon + 1).trim();
            if (name.equals("content-length")) length = Long.parseLong(value);
            if (name.equals("transfer-encoding") && value.toLowerCase(Locale.ROOT).contains("chunked")) chunked = true;
        }
        if (chunked) {
            for (long n; (n = Long.parseLong(line().split(";")[0].trim(), 16)) > 0; ) {
                body(n);
                line();
            }
            while (!line().isEmpty()) { } // trailers
        } else if (length >= 0) {
            body(length);
        } else {
            throw new IOException("an answer with neither Content-Length nor chunks");
        }
        return code;
    }

    private byte[] body(long n) throws IOException {
        byte[] b = new byte[Math.toIntExact(n)];
        if (in.readNBytes(b, 0, b.length) < b.length) throw new EOFException("the answer ended before its " + n + " bytes");
        return b;
    }

    private String line() throws IOException {
        StringBuilder s = new StringBuilder(64);
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) throw new EOFException("the connection ended in an answer's head");
            if (c != '\r') s.append((char) c);
        }
        return s.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
