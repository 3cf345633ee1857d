/**
 * The table of operations: each operation declared once, as data (CuTe's name, its arguments and their kinds, the
 * core function, the reply's fields, its CuTe C++ and DSL forms, help and an example), and what reads a request by
 * it. The batch mode, the {@code op} command and its aliases, help, {@code cpp} and the fuzzer all read this table.
 */
package org.layoutcat.ops;
