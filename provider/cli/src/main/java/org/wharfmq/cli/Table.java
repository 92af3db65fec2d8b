package org.wharfmq.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A text table: a header row, then rows; numbers right-aligned, text left-aligned, two spaces between columns. */
public final class Table {
    private final String[] header;
    private final List<Object[]> rows = new ArrayList<>();
    private final boolean[] right;

    public Table(String... header) {
        this.header = header.clone();
        this.right = new boolean[header.length];
    }

    /** Right-aligns {@code columns} (0-based) whatever their cells are. */
    public Table alignRight(int... columns) {
        for (int c : columns) {
            right[c] = true;
        }
        return this;
    }

    /** Adds a row of {@code cells}, one per column ({@link Number}s are right-aligned; null prints as "-"). */
    public Table row(Object... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + header.length
                    + " columns");
        }
        rows.add(cells.clone());
        return this;
    }

    public int size() {
        return rows.size();
    }

    @Override
    public String toString() {
        int[] width = new int[header.length];
        boolean[] numeric = new boolean[header.length];
        Arrays.fill(numeric, !rows.isEmpty());
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
            numeric[i] |= right[i];
        }
        for (Object[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], text(row[i]).length());
                numeric[i] &= right[i] || row[i] instanceof Number || row[i] == null;
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, header, width, numeric);
        for (Object[] row : rows) {
            line(b, row, width, numeric);
        }
        return b.toString();
    }

    private static void line(StringBuilder b, Object[] cells, int[] width, boolean[] numeric) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            String t = text(cells[i]);
            String pad = " ".repeat(width[i] - t.length());
            l.append(i == 0 ? "" : "  ").append(numeric[i] ? pad + t : t + pad);
        }
        b.append(l.toString().stripTrailing()).append(System.lineSeparator());
    }

    private static String text(Object cell) {
        return cell == null ? "-" : cell.toString();
    }
}
