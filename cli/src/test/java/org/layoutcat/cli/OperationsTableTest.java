package org.layoutcat.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.layoutcat.cli.op.Operation;
import org.layoutcat.cli.op.Operations;
import org.layoutcat.cli.op.Request;

/** The table: each entry's example is answered, and the table declared group by group is the same table from any thread. */
class OperationsTableTest {

    /** The example {@code op NAME --help} shows is a request the operation answers (a person copies it). */
    @Test
    void everyEntrysExampleIsAnswered() {
        for (Operation o : Operations.all()) {
            assertDoesNotThrow(() -> Operations.answer(new Request(o.name(), o.example(), "auto")),
                    () -> o.name() + " " + o.example());
        }
    }

    /** Lookups from many threads, each declaring groups as far as it needs, find the entries of the whole table. */
    @Test
    void lookupsFromManyThreadsFindTheTablesEntries() throws Exception {
        List<String> names = new ArrayList<>(Operations.names());
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Operation>> found = new ArrayList<>();
            for (int i = names.size() - 1; i >= 0; i--) {
                String name = names.get(i);
                found.add(pool.submit(() -> Operations.find(name)));
            }
            for (int i = 0; i < names.size(); i++) {
                Operation o = found.get(names.size() - 1 - i).get();
                assertSame(Operations.all().get(i), o, names.get(i));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(names, Operations.all().stream().map(Operation::name).toList());
        assertNull(Operations.find("no_such_operation"));
    }
}
