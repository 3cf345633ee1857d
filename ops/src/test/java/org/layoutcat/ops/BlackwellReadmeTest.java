package org.layoutcat.ops;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's Blackwell examples answer as written: each line's result, and each field it names, after its {@code #}. */
class BlackwellReadmeTest {

    @Test
    void blackwellExamplesAnswerAsWritten() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        int start = lines.indexOf("### Blackwell: an SM100 GEMM's layouts in a first hour");
        assertTrue(start >= 0, "the README's section on Blackwell");
        int checked = 0;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("### ") || line.startsWith("## ")) break;
            if (!line.startsWith("./layoutcat op ")) continue;
            int hash = line.indexOf(" # ");
            String comment = line.substring(hash + 3).trim();
            List<String> words = new ArrayList<>();
            Matcher m = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line.substring(15, hash));
            while (m.find()) words.add(m.group(1) != null ? m.group(1) : m.group(2));
            Answer a = Operations.answer(new Request(words.get(0), words.subList(1, words.size()), "auto"));
            assertTrue(comment.startsWith(a.result()), line + " answers " + a.result());
            a.fields().forEach((k, v) -> {
                if (comment.contains(k + ": ")) assertTrue(comment.contains(k + ": " + v), line + " has " + k + " " + v);
            });
            checked++;
        }
        assertTrue(checked >= 20, checked + " examples");
    }
}
