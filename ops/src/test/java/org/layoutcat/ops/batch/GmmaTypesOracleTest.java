package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: the batch operations that take an MMA atom ({@code mma_atom}, {@code tiled_mma}) asked with CuTe's types
 * as CUTLASS 4.7.0's host program spells them ({@code core/src/test/resources/atoms/gmma-majors-cute.cpp}: dense GMMA
 * atoms with their majors and scales, sparse ones of {@code SM90::GMMA::SPARSE}) answer what CuTe prints for each, and
 * refuse the types CuTe refuses to compile ({@code gmma-majors-refused.sh}).
 */
class GmmaTypesOracleTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path CASES = Path.of("..", "core", "src", "test", "resources", "atoms");

    private static JsonNode reply(String op, String... args) throws Exception {
        ObjectNode request = JSON.createObjectNode().put("id", 1).put("op", op);
        var list = request.putArray("args");
        for (String a : args) list.add(a);
        return JSON.readTree(BatchEngine.reply(JSON.writeValueAsString(request)));
    }

    @Test
    void mmaAtomAndTiledMmaAnswerWhatCuTePrintsForEveryType() throws Exception {
        List<JsonNode> cases = read("gmma-majors-cute.jsonl");
        assertEquals(294, cases.size());
        for (JsonNode c : cases) {
            String type = c.get("mma").asText();
            JsonNode atom = reply("mma_atom", type);
            assertTrue(atom.has("result"), type + " -> " + atom);
            for (String f : new String[] {"shape_mnk", "thr_id", "layout_a_tv", "layout_b_tv", "layout_c_tv"}) {
                assertEquals(cute(c.get(f)), atom.get(f).asText(), type + " " + f);
            }
            assertEquals(c.has("layout_e_tv"), atom.has("layout_e_tv"), type);
            if (c.has("layout_e_tv")) assertEquals(cute(c.get("layout_e_tv")), atom.get("layout_e_tv").asText(), type + " E");
            // the answer's type reads back to the same answer
            JsonNode again = reply("mma_atom", atom.get("result").asText());
            assertEquals(atom, again, type);
            JsonNode tiled = reply("tiled_mma", type, c.get("atom_layout").asText());
            JsonNode want = c.get("tiled");
            for (String f : new String[] {"tile_mnk", "threads", "thr_layout_vmnk", "layout_a_tv", "layout_b_tv", "layout_c_tv"}) {
                assertEquals(cute(want.get(f)), tiled.get(f).asText(), type + " tiled " + c.get("atom_layout").asText() + " " + f);
            }
        }
    }

    @Test
    void theTypesCuTeRefusesAreRefused() throws Exception {
        List<JsonNode> cases = read("gmma-majors-refused.jsonl");
        assertEquals(15, cases.size());
        for (JsonNode c : cases) {
            String type = c.get("mma").asText();
            for (JsonNode r : new JsonNode[] {reply("mma_atom", type), reply("tiled_mma", type, "1x1x1")}) {
                assertFalse(r.has("result"), type + " -> " + r);
                assertTrue(r.get("error").asText().contains(type), r.toString());
            }
        }
    }

    private static String cute(JsonNode printed) {
        return printed.asText().replace("_", "");
    }

    private static List<JsonNode> read(String name) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(CASES.resolve(name))) if (!line.isBlank()) out.add(JSON.readTree(line));
        return out;
    }
}
