package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;

/**
 * Issue 36: the scale-factor layouts of CUTLASS's block-scaled kernels. Each case of blockscaled-sf-cute.jsonl is a
 * host program over CUTLASS 4.7.0 (blockscaled-sf-cute.cpp beside it): {@code tile_atom_to_shape_SFA/SFB} of
 * {@code Sm1xxBlockScaledConfig<SFVec>} (SM100) or {@code Sm103BlockScaledConfig<SFVec>} (SM103), SFVec 16 and 32, for
 * problems (M,N,K) and (M,N,K,L) of ints (padded ones among them), and the output's
 * {@code Sm1xxBlockScaledOutputConfig<SFVec, K|MN>::tile_atom_to_shape_SFD}, as CUTLASS prints the layout, and its
 * offsets at three coordinates. {@code blockscaled_sf_layout} answers the same layout, and the conformance check finds CUTLASS's
 * own layout in agreement with itself.
 */
class BlockScaledOracleTest {

    @Test
    void everyScaleFactorLayoutIsCutlasss() throws Exception {
        List<JsonNode> cases = OracleLines.read("/oracle/blockscaled-sf-cute.jsonl");
        for (JsonNode c : cases) {
            List<String> args = OracleLines.texts(c.get("args"));
            String where = c.get("op").asText() + " " + String.join(" ", args);
            JsonNode reply = OracleLines.reply(c.get("op").asText(), args);
            assertTrue(reply.has("result"), where + " -> " + reply);
            assertEquals(c.get("layout").asText().replace("_", ""), reply.get("result").asText(), where);
            Layout l = Layout.parse(reply.get("result").asText());
            for (JsonNode at : c.get("at")) {
                long mn = at.get(0).asLong(), k = at.get(1).asLong(), b = at.get(2).asLong();
                IntTuple coord = l.rank() == 3 ? IntTuple.flat(mn, k, b) : IntTuple.flat(mn, k);
                assertEquals(at.get(3).asLong(), l.apply(coord), where + " at " + at);
            }
        }
        assertEquals(320, cases.stream().filter(c -> c.get("op").asText().equals("blockscaled_sf_layout")).count());
        assertEquals(480, cases.size());
    }

    @Test
    void cutlasssLayoutConformsToItself() throws Exception {
        int checked = 0;
        for (JsonNode c : OracleLines.read("/oracle/blockscaled-sf-cute.jsonl")) {
            if (!c.get("op").asText().equals("blockscaled_sf_layout")) continue;
            List<String> args = OracleLines.texts(c.get("args"));
            String problem = args.get(3);
            if (problem.contains(",4096") || problem.contains("8192") || problem.contains("7168")) continue; // the large ones: time
            JsonNode reply = OracleLines.reply("blockscaled_conformance", List.of(args.get(0), args.get(1), args.get(2), problem,
                    c.get("layout").asText().replace("_", "")));
            assertTrue(reply.get("result").asText().startsWith("agree"), String.join(" ", args) + " -> " + reply);
            assertEquals(0, reply.get("differing").asLong());
            checked++;
        }
        assertTrue(checked >= 200, checked + " checked");
    }
}
