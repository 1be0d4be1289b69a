package dev.gpushare.server.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A small least-recently-used cache with a fixed number of entries: what the service keeps per
 * cluster (the last snapshot, its rendered JSON) may not grow with the names clients send. Safe
 * for many threads (one lock; the values are cheap to look up).
 */
final class BoundedCache<K, V> {
    private final int capacity;
    private final LinkedHashMap<K, V> map;

    BoundedCache(int capacity) {
        this.capacity = capacity;
        this.map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > BoundedCache.this.capacity;
            }
        };
    }

    synchronized V get(K key) {
        return map.get(key);
    }

    synchronized void put(K key, V value) {
        map.put(key, value);
    }

    synchronized void remove(K key) {
        map.remove(key);
    }

    synchronized int size() {
        return map.size();
    }

    int capacity() {
        return capacity;
    }
}
