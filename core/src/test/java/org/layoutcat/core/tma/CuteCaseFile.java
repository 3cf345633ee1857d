package org.layoutcat.core.tma;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The printouts of the CuTe C++ host programs under {@code /tma} (make_tma_copy.txt, im2col/im2col_cases.txt): a case
 * is {@code #case NAME}, lines {@code #key value}, the driver stub's first JSON line (under {@code json}), and
 * {@code #end}; a case without its {@code #end} (CuTe refused it) is left out.
 */
final class CuteCaseFile {
    private CuteCaseFile() {}

    /** The cases of the resource, each its lines by key ({@code case}, {@code json}, and each {@code #key}). */
    static List<Map<String, String>> read(String resource) throws IOException {
        List<Map<String, String>> cases = new ArrayList<>();
        try (InputStream in = CuteCaseFile.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("no test resource " + resource);
            Map<String, String> c = null;
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.startsWith("#case ")) {
                    c = new LinkedHashMap<>();
                    c.put("case", l.substring(6));
                } else if (c != null && l.startsWith("{") && !c.containsKey("json")) {
                    c.put("json", l);
                } else if (c != null && l.equals("#end")) {
                    cases.add(c);
                    c = null;
                } else if (c != null && l.startsWith("#") && l.indexOf(' ') > 0) {
                    c.put(l.substring(1, l.indexOf(' ')), l.substring(l.indexOf(' ') + 1));
                }
            }
        }
        return cases;
    }
}
