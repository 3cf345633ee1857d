/**
 * Descriptor doctors: the numbers a Hopper kernel engineer has when a kernel fails (a 64-bit wgmma shared-memory
 * descriptor seen in a debugger, the arguments of {@code cuTensorMapEncodeTiled} in a log) decoded into words, checked
 * against every rule the PTX ISA and {@code cuda.h} state for them, each rule broken named with the nearest valid
 * values, and read back as the CuTe layouts they imply.
 */
package org.layoutcat.core.doctor;
