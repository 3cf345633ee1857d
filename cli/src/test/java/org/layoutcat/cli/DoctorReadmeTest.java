package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.doctor.GmmaDoctor;
import org.layoutcat.core.tma.EncodeIm2colRule;
import org.layoutcat.core.tma.EncodeTiledRule;

/**
 * The README's examples of the descriptor doctors are run: each answers (exit 0), and the rules its comment names as
 * broken are the ones the answer names, or none where the comment says no rule is broken.
 */
class DoctorReadmeTest {
    private static final Pattern RULE = Pattern.compile("\\b([a-z0-9]+(?:-[a-z0-9]+){1,5})\\b");
    /** Every rule's name: the wgmma doctor's and cuda.h's (cuTensorMapEncodeTiled's and cuTensorMapEncodeIm2col's). */
    private static final Set<String> RULES = new TreeSet<>();

    static {
        for (GmmaDoctor.Rule r : GmmaDoctor.Rule.values()) RULES.add(r.id);
        for (EncodeTiledRule r : EncodeTiledRule.values()) RULES.add(r.id);
        for (EncodeIm2colRule r : EncodeIm2colRule.values()) RULES.add(r.id);
    }

    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line);
        while (m.find()) words.add(m.group(1) != null ? m.group(1) : m.group(2));
        return words;
    }

    @Test
    void theReadmesDoctorExamplesSayWhatTheyAnswer() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        int start = lines.indexOf("### Descriptor doctors");
        assertTrue(start >= 0, "the README's section of the doctors");
        int run = 0;
        for (int i = start + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("### ") || line.startsWith("## ")) break;
            if (!line.startsWith("./layoutcat op ")) continue;
            String command = line;
            while (command.endsWith("\\")) command = command.substring(0, command.length() - 1) + lines.get(++i).strip();
            StringBuilder comment = new StringBuilder();
            int hash = command.indexOf(" # ");
            if (hash >= 0) {
                comment.append(command.substring(hash + 3));
                command = command.substring(0, hash);
            }
            for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("#   "); j++) comment.append(' ').append(lines.get(j).substring(4));
            CliRun r = CliRun.of(words(command.substring("./layoutcat ".length())).toArray(String[]::new));
            assertEquals(0, r.code(), command + ": " + r.err());
            String verdict = r.out().lines().findFirst().orElse("");
            Set<String> said = new TreeSet<>();
            Matcher m = RULE.matcher(comment);
            while (m.find()) if (RULES.contains(m.group(1))) said.add(m.group(1));
            Set<String> answered = new TreeSet<>();
            if (!verdict.endsWith("no rule broken")) answered.addAll(List.of(verdict.substring(verdict.indexOf("broken: ") + 8).split(", ")));
            assertEquals(said, answered, command + " answers " + verdict + "; the README says " + comment);
            if (said.isEmpty()) assertTrue(comment.toString().contains("no rule broken") || comment.toString().contains("base offset"), comment.toString());
            run++;
        }
        assertEquals(6, run);
    }
}
