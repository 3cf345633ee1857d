package org.layoutcat.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;

/** The README's list of operations is the table's: the block between its markers equals what the table prints. */
class ReadmeOperationsTest {
    private static final String BEGIN = "<!-- operations: the table's, checked by ReadmeOperationsTest -->\n";
    private static final String END = "<!-- end of the operations -->";

    @Test
    void theReadmeListsEveryOperationOfTheTableAsTheTableDeclaresIt() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int from = readme.indexOf(BEGIN);
        int to = readme.indexOf(END);
        assertTrue(from >= 0 && to > from, "the README marks its list of operations with " + BEGIN.strip() + " and " + END);
        String listed = readme.substring(from + BEGIN.length(), to);
        assertEquals(OpHelp.markdown(), listed, "the README's list differs from the table; paste this between the markers:\n"
                + OpHelp.markdown());
        for (Operation o : Operations.all()) assertTrue(listed.contains("| `" + o.name() + "` |"), o.name());
    }
}
