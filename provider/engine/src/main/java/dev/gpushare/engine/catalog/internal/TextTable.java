package dev.gpushare.engine.catalog.internal;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned columns two spaces apart and no trailing blanks. */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public TextTable(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    public TextTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " cells, got " + cells.length);
        }
        String[] text = new String[columns];
        for (int i = 0; i < columns; i++) {
            text[i] = cells[i] == null ? "-" : String.valueOf(cells[i]);
        }
        rows.add(text);
        return this;
    }

    public String render() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(r[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(width[i] - r[i].length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
