package dev.gpushare.engine.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table: columns two spaces apart, left-aligned unless {@link #alignRight} names them
 * (numbers, money), each line after an optional indent, no trailing blanks. What the catalog,
 * the cost lines and the capacity advice print.
 */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;
    private final boolean[] right;
    private String indent = "";

    public TextTable(String... header) {
        this.columns = header.length;
        this.right = new boolean[columns];
        rows.add(header);
    }

    /** Right-aligns the columns at these indexes (from 0). */
    public TextTable alignRight(int... indexes) {
        for (int i : indexes) right[i] = true;
        return this;
    }

    /** Starts every line with {@code text}. */
    public TextTable indent(String text) {
        this.indent = text;
        return this;
    }

    /** A row; a {@code null} cell is written {@code -}. */
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
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < columns; i++) {
                String pad = " ".repeat(width[i] - r[i].length());
                line.append(right[i] ? pad + r[i] : r[i] + pad);
                if (i < columns - 1) line.append("  ");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
