package org.layoutcat.diagrams;

/** Text as XML and HTML read it: layoutcat's one escaper, for SVG labels and the gallery's page. */
public final class Markup {
    private Markup() {}

    /**
     * {@code &}, {@code <}, {@code >} and {@code "} written as entities, so the text is safe in an element or a
     * quoted attribute; tab, line feed and carriage return are kept (XML allows them).
     *
     * @throws IllegalArgumentException for another control character, which XML 1.0 forbids
     */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                        throw new IllegalArgumentException("control character " + (int) c + " in the text " + s
                                + " (XML allows none but tab, line feed and carriage return)");
                    }
                    sb.append(c);
                }
            }
        }
        return sb.toString();
    }
}
