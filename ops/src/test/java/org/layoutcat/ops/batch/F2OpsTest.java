package org.layoutcat.ops.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** to_f2 and from_f2 in the batch mode answer the README's examples of the F2 view. */
class F2OpsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode reply(String op, String... args) throws IOException {
        StringBuilder sb = new StringBuilder("{\"id\":1,\"op\":\"" + op + "\",\"args\":[");
        for (int i = 0; i < args.length; i++) sb.append(i > 0 ? "," : "").append(JSON.writeValueAsString(args[i]));
        return JSON.readTree(BatchEngine.reply(sb.append("]}").toString()));
    }

    @Test
    void theReadmesExamplesAreAnswered() throws IOException {
        JsonNode sw = reply("to_f2", "Sw<3,3,3> o 0 o (8,64):(64,1)");
        assertEquals("{mode0=[72,144,288],mode1=[1,2,4,8,16,32]} -> {offset:512}", sw.get("result").textValue());
        assertEquals("9", sw.get("rank").textValue());
        assertEquals("true", sw.get("injective").textValue());
        assertEquals("true", sw.get("surjective").textValue());
        // LinearLayout.h, example 5: the 16-element transpose has bases [4, 8, 1, 2]
        assertEquals("{mode0=[4,8],mode1=[1,2]} -> {offset:16}", reply("to_f2", "(4,4):(4,1)").get("result").textValue());
        assertEquals("{offset=[5,10,4,8]} -> {offset:16}", reply("to_f2", "Sw<2,0,-2>").get("result").textValue());
        // LinearLayout.h, the first example (t, w) -> (t, w ⊕ t), its outputs stacked x + 4y
        assertEquals("Sw<2,0,-2> o 0 o (4,4):(1,4)", reply("from_f2", "{t=[5,10],w=[4,8]} -> {x:16}").get("result").textValue());
        String refused = reply("to_f2", "(4,2):(1,2)").get("error").textValue();
        assertTrue(refused.contains("bit 1 of mode 0 (leaf 4:1) maps to 2 and bit 0 of mode 1 (leaf 2:2) to 2; they share offset bit 1"),
                refused);
        assertEquals("Sw<3,3,3> o 0 o (8,64):(64,1)",
                reply("from_f2", "{mode0=[72,144,288],mode1=[1,2,4,8,16,32]} -> {offset:512}").get("result").textValue());
        assertTrue(reply("to_f2", "Sw<3,3,3> o 32 o (8,64):(64,1)").get("error").textValue().contains("affine"));
        assertTrue(reply("from_f2", "{a=[1} -> {o:2}").get("error").textValue().contains("at position 5"));
        assertTrue(reply("to_f2", "Sw<3,3,2>").get("error").textValue().contains("|S| ≥ B"));
    }
}
