package dev.gpushare.server.internal;

/**
 * The right to reconcile the store's clusters, held by one server of those sharing the store at a
 * time. PostgreSQL: a session advisory lock on a connection of its own, so it goes with the
 * holder's connection when the process dies (SIGKILL included) and another server takes it on its
 * next try. The embedded store serves one process: always held.
 */
public interface Leadership extends AutoCloseable {
    /** True while this server holds the right; tries to take it when nobody does. Never throws. */
    boolean lead();

    /** Gives the right up. */
    @Override
    void close();

    Leadership ALWAYS = new Leadership() {
        @Override
        public boolean lead() {
            return true;
        }

        @Override
        public void close() {}
    };
}
