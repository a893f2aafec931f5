/*
 * A disassembler plugin for HotSpot's -XX:+PrintAssembly, over GNU binutils' libopcodes: what the JDK
 * looks for as hsdis-<arch>.so and does not ship. For reading the code C2 makes of a kernel (see
 * tools/hsdis/build and docs/BENCHMARKS.md); nothing in the build or the tests uses it.
 *
 * It implements the one entry point the JDK calls, decode_instructions_virtual: disassemble the code at
 * [start_va, end_va), held in buffer, one instruction at a time, telling the JVM where each instruction
 * starts and ends (so it can put its own comments beside them) and printing each through the JVM's own
 * printf callback. Intel syntax, x86-64 only.
 *
 * Licensed under the Apache License 2.0, like the rest of textwire. The plugin it builds links
 * libopcodes (GPL): build it on your own machine; it is not part of any textwire artifact.
 */
#define PACKAGE "textwire-hsdis"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <dis-asm.h>

typedef void *(*event_callback)(void *stream, const char *event, void *argument);
typedef int (*printf_callback)(void *stream, const char *format, ...);

/* One instruction's text, gathered from libopcodes' pieces before it goes to the JVM in one call. */
static char text[512];
static size_t used;

static int gather(void *stream, const char *format, ...) {
  (void) stream;
  va_list arguments;
  va_start(arguments, format);
  int written = vsnprintf(text + used, sizeof text - used, format, arguments);
  va_end(arguments);
  if (written > 0) {
    used += (size_t) written;
    if (used >= sizeof text) {
      used = sizeof text - 1;
    }
  }
  return written;
}

static int gather_styled(void *stream, enum disassembler_style style, const char *format, ...) {
  (void) stream;
  (void) style;
  va_list arguments;
  va_start(arguments, format);
  int written = vsnprintf(text + used, sizeof text - used, format, arguments);
  va_end(arguments);
  if (written > 0) {
    used += (size_t) written;
    if (used >= sizeof text) {
      used = sizeof text - 1;
    }
  }
  return written;
}

static void print_address(bfd_vma address, struct disassemble_info *info) {
  (void) info;
  gather(NULL, "0x%lx", (unsigned long) address);
}

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer,
                                  uintptr_t length, event_callback event, void *event_stream,
                                  printf_callback print, void *print_stream, const char *options,
                                  int newline) {
  (void) options;
  struct disassemble_info info;
  init_disassemble_info(&info, NULL, (fprintf_ftype) gather, (fprintf_styled_ftype) gather_styled);
  info.arch = bfd_arch_i386;
  info.mach = bfd_mach_x86_64_intel_syntax;
  info.buffer = buffer;
  info.buffer_vma = start_va;
  info.buffer_length = length;
  info.print_address_func = print_address;
  disassemble_init_for_target(&info);
  disassembler_ftype disassemble = disassembler(bfd_arch_i386, false, bfd_mach_x86_64_intel_syntax, NULL);
  uintptr_t pc = start_va;
  while (pc < end_va) {
    used = 0;
    text[0] = '\0';
    if (event != NULL) {
      event(event_stream, "insn", (void *) pc);
    }
    int size = disassemble(pc, &info);
    if (size <= 0) {
      size = 1; /* not an instruction: step one byte, as the JDK's own plugins do */
    }
    print(print_stream, "%s", text);
    if (event != NULL) {
      event(event_stream, "/insn", (void *) (pc + size));
    }
    if (newline) {
      print(print_stream, "\n");
    }
    pc += size;
  }
  return (void *) pc;
}
