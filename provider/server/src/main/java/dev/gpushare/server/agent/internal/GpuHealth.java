package dev.gpushare.server.agent.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GPU health from {@code nvidia-smi}'s query output ({@link #QUERY}): a GPU with retired pages
 * pending, a failed row remap, or an Xid error named in the output ({@code Xid 79}, or the kernel's
 * {@code Xid (PCI:0000:01:00): 48}) is unhealthy ({@code XID_<n>},
 * as ECS names the DCGM findings). Fields a GPU does not support ({@code [N/A]}, {@code [Not
 * Supported]}) say nothing.
 */
public final class GpuHealth {
    /** The fields asked for, in order. */
    public static final String FIELDS = "index,retired_pages.pending,remapped_rows.failure";
    public static final List<String> QUERY = List.of("--query-gpu=" + FIELDS, "--format=csv,noheader,nounits");
    private static final Pattern XID = Pattern.compile("(?i)\\bxid\\s*(?:\\([^)]*\\))?\\s*:?\\s*(\\d+)");

    private GpuHealth() {}

    /** The problems the output names, empty when every GPU is fine. */
    public static List<String> problems(String output) {
        List<String> out = new ArrayList<>();
        Matcher m = XID.matcher(output);
        while (m.find()) {
            String xid = "XID_" + m.group(1);
            if (!out.contains(xid)) out.add(xid);
        }
        for (String line : output.split("\n")) {
            String[] f = line.split(",");
            if (f.length < 3) continue;
            String gpu = "GPU " + f[0].strip();
            if (f[1].strip().equalsIgnoreCase("Yes")) out.add(gpu + ": retired pages pending (a reset is needed)");
            if (f[2].strip().equalsIgnoreCase("Yes")) out.add(gpu + ": row remapping failed");
        }
        return out;
    }
}
