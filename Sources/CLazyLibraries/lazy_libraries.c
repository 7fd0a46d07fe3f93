// SPDX-License-Identifier: Apache-2.0
// poppler-glib, CUPS and libqpdf, loaded on first use. `er`, `meds` and the other document
// commands never call the first two, and libqpdf only when the finisher's own reader refuses
// cairo's output; yet linking them made every start map them and their dependencies (poppler
// and CUPS about 25 M instructions of a cold sheet in the dynamic loader; libqpdf brings
// GnuTLS, its crypto libraries and libjpeg, 11.5 M). So the executable does not link
// them: it defines each function rua-paper calls as a stub that jumps to the library's own,
// which the first call looks up (dlopen, then dlsym) and keeps. The headers still give Swift
// the real declarations; only the definitions are the stubs'.
#define _GNU_SOURCE
#include "lazy_libraries.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The stubs are written for x86-64's calling convention (Debian amd64). Elsewhere Package.swift
// links the libraries as usual, and only the loading questions below are compiled.

static const char *const files[] = {"libpoppler-glib.so.8", "libcups.so.2", "libqpdf.so.29"};
static const char *const packages[] = {"libpoppler-glib8", "libcups2", "libqpdf29"};
static void *handles[3];

const char *rua_lazy_file(enum rua_lazy_library library) { return files[library]; }

const char *rua_lazy_load(enum rua_lazy_library library) {
  static __thread char reason[512];
  if (__atomic_load_n(&handles[library], __ATOMIC_ACQUIRE)) return NULL;
  void *handle = dlopen(files[library], RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    snprintf(reason, sizeof reason, "%s", why ? why : "not found");
    return reason;
  }
  // A second thread's dlopen of the same file returns the same handle (counted twice, kept).
  __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
  return NULL;
}

int rua_lazy_is_loaded(enum rua_lazy_library library) {
  void *handle = dlopen(files[library], RTLD_LAZY | RTLD_NOLOAD);
  if (handle) dlclose(handle);
  return handle != NULL;
}

#if defined(__x86_64__)
/// One stub's lookup: where the address goes, which library, which name.
struct rua_lazy_symbol {
  void **slot;
  int library;
  const char *name;
};

/// Called by a stub's first call (through rua_lazy_trampoline, which keeps the arguments):
/// the function's address. A library that cannot be loaded ends the process with its name;
/// the commands that use one load it first (`LazyLibrary.require`) and report it as an error.
__attribute__((used, visibility("hidden"))) void *rua_lazy_resolve(const struct rua_lazy_symbol *symbol) {
  void *address = __atomic_load_n(symbol->slot, __ATOMIC_ACQUIRE);
  if (address) return address;
  const char *reason = rua_lazy_load(symbol->library);
  if (reason) {
    dprintf(2, "rua-paper: cannot load %s (%s); install %s (scripts/setup)\n", files[symbol->library],
            reason, packages[symbol->library]);
    _exit(69);
  }
  address = dlsym(handles[symbol->library], symbol->name);
  if (!address) {
    dprintf(2, "rua-paper: %s has no %s; install Debian 12's %s (scripts/setup)\n",
            files[symbol->library], symbol->name, packages[symbol->library]);
    _exit(69);
  }
  __atomic_store_n(symbol->slot, address, __ATOMIC_RELEASE);
  return address;
}

// The shared slow path: keeps every argument register (six integer, eight vector, and %al for
// variadic calls), asks rua_lazy_resolve for the address (the stub's symbol in %r11) and
// jumps there as if the caller had called it. On entry %rsp is 8 mod 16; 7 pushes and 128
// bytes make it 0 mod 16 for the call.
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".type rua_lazy_trampoline,@function\n"
    "rua_lazy_trampoline:\n"
    "  pushq %rdi\n  pushq %rsi\n  pushq %rdx\n  pushq %rcx\n  pushq %r8\n  pushq %r9\n"
    "  pushq %rax\n"
    "  subq $128, %rsp\n"
    "  movdqu %xmm0, 0(%rsp)\n  movdqu %xmm1, 16(%rsp)\n  movdqu %xmm2, 32(%rsp)\n"
    "  movdqu %xmm3, 48(%rsp)\n  movdqu %xmm4, 64(%rsp)\n  movdqu %xmm5, 80(%rsp)\n"
    "  movdqu %xmm6, 96(%rsp)\n  movdqu %xmm7, 112(%rsp)\n"
    "  movq %r11, %rdi\n"
    "  call rua_lazy_resolve\n"
    "  movq %rax, %r11\n"
    "  movdqu 0(%rsp), %xmm0\n  movdqu 16(%rsp), %xmm1\n  movdqu 32(%rsp), %xmm2\n"
    "  movdqu 48(%rsp), %xmm3\n  movdqu 64(%rsp), %xmm4\n  movdqu 80(%rsp), %xmm5\n"
    "  movdqu 96(%rsp), %xmm6\n  movdqu 112(%rsp), %xmm7\n"
    "  addq $128, %rsp\n"
    "  popq %rax\n  popq %r9\n  popq %r8\n  popq %rcx\n  popq %rdx\n  popq %rsi\n  popq %rdi\n"
    "  jmpq *%r11\n"
    ".size rua_lazy_trampoline, .-rua_lazy_trampoline\n");

// One stub: jump to the address once known, else through the trampoline.
#define RUA_STUB(library, name)                                                                \
  __attribute__((used, visibility("hidden"))) void *rua_slot_##name;                          \
  __attribute__((used, visibility("hidden"))) const struct rua_lazy_symbol rua_symbol_##name = \
      {&rua_slot_##name, library, #name};                                                      \
  __asm__(".text\n"                                                                            \
          ".p2align 4\n"                                                                       \
          ".globl " #name "\n"                                                                 \
          ".type " #name ",@function\n" #name ":\n"                                            \
          "  movq rua_slot_" #name "(%rip), %r11\n"                                            \
          "  testq %r11, %r11\n"                                                               \
          "  jz 1f\n"                                                                          \
          "  jmpq *%r11\n"                                                                     \
          "1:\n"                                                                               \
          "  leaq rua_symbol_" #name "(%rip), %r11\n"                                          \
          "  jmp rua_lazy_trampoline\n"                                                        \
          ".size " #name ", .-" #name "\n");

#define POPPLER(name) RUA_STUB(RUA_LAZY_POPPLER_GLIB, name)
#define CUPS(name) RUA_STUB(RUA_LAZY_CUPS, name)
#define QPDF(name) RUA_STUB(RUA_LAZY_QPDF, name)

// Every poppler-glib function rua-paper (and its tests) call.
POPPLER(poppler_action_free)
POPPLER(poppler_action_type_get_type)
POPPLER(poppler_document_get_author)
POPPLER(poppler_document_get_creator)
POPPLER(poppler_document_get_keywords)
POPPLER(poppler_document_get_n_pages)
POPPLER(poppler_document_get_page)
POPPLER(poppler_document_get_subject)
POPPLER(poppler_document_get_title)
POPPLER(poppler_document_new_from_bytes)
POPPLER(poppler_error_quark)
POPPLER(poppler_font_info_free)
POPPLER(poppler_font_info_new)
POPPLER(poppler_font_info_scan)
POPPLER(poppler_font_type_get_type)
POPPLER(poppler_fonts_iter_free)
POPPLER(poppler_fonts_iter_get_font_type)
POPPLER(poppler_fonts_iter_get_name)
POPPLER(poppler_fonts_iter_is_embedded)
POPPLER(poppler_fonts_iter_is_subset)
POPPLER(poppler_fonts_iter_next)
POPPLER(poppler_get_version)
POPPLER(poppler_index_iter_free)
POPPLER(poppler_index_iter_get_action)
POPPLER(poppler_index_iter_get_child)
POPPLER(poppler_index_iter_new)
POPPLER(poppler_index_iter_next)
POPPLER(poppler_page_free_link_mapping)
POPPLER(poppler_page_get_crop_box)
POPPLER(poppler_page_get_link_mapping)
POPPLER(poppler_page_get_size)
POPPLER(poppler_page_get_text)
POPPLER(poppler_page_get_text_layout)
POPPLER(poppler_page_render_for_printing)
POPPLER(poppler_structure_element_get_kind)
POPPLER(poppler_structure_element_is_content)
POPPLER(poppler_structure_element_iter_free)
POPPLER(poppler_structure_element_iter_get_child)
POPPLER(poppler_structure_element_iter_get_element)
POPPLER(poppler_structure_element_iter_new)
POPPLER(poppler_structure_element_iter_next)
POPPLER(poppler_structure_element_kind_get_type)

// Every CUPS function rua-paper calls.
CUPS(cupsAddOption)
CUPS(cupsCancelJob2)
CUPS(cupsCopyDestInfo)
CUPS(cupsCreateDestJob)
CUPS(cupsDoRequest)
CUPS(cupsEncryption)
CUPS(cupsFinishDestDocument)
CUPS(cupsFreeDestInfo)
CUPS(cupsFreeDests)
CUPS(cupsFreeOptions)
CUPS(cupsGetDests2)
CUPS(cupsGetNamedDest)
CUPS(cupsGetOption)
CUPS(cupsLastError)
CUPS(cupsLastErrorString)
CUPS(cupsServer)
CUPS(cupsSetServer)
CUPS(cupsStartDestDocument)
CUPS(cupsUser)
CUPS(cupsWriteRequestData)
CUPS(httpClose)
CUPS(httpConnect2)
CUPS(httpFlush)
CUPS(httpOptions)
CUPS(httpSetTimeout)
CUPS(httpUpdate)
CUPS(ippAddString)
CUPS(ippDelete)
CUPS(ippFindAttribute)
CUPS(ippGetCount)
CUPS(ippGetInteger)
CUPS(ippGetString)
CUPS(ippNewRequest)
CUPS(ippPort)

// Every libqpdf function rua-paper (and its tests) call.
QPDF(qpdf_cleanup)
QPDF(qpdf_get_buffer)
QPDF(qpdf_get_buffer_length)
QPDF(qpdf_get_error)
QPDF(qpdf_get_error_full_text)
QPDF(qpdf_get_num_pages)
QPDF(qpdf_get_page_n)
QPDF(qpdf_get_qpdf_version)
QPDF(qpdf_get_root)
QPDF(qpdf_get_trailer)
QPDF(qpdf_has_error)
QPDF(qpdf_init)
QPDF(qpdf_init_write_memory)
QPDF(qpdf_make_indirect_object)
QPDF(qpdf_oh_append_item)
QPDF(qpdf_oh_begin_dict_key_iter)
QPDF(qpdf_oh_dict_more_keys)
QPDF(qpdf_oh_dict_next_key)
QPDF(qpdf_oh_get_array_item)
QPDF(qpdf_oh_get_array_n_items)
QPDF(qpdf_oh_get_dict)
QPDF(qpdf_oh_get_int_value)
QPDF(qpdf_oh_get_key)
QPDF(qpdf_oh_get_numeric_value)
QPDF(qpdf_oh_get_page_content_data)
QPDF(qpdf_oh_get_stream_data)
QPDF(qpdf_oh_get_utf8_value)
QPDF(qpdf_oh_has_key)
QPDF(qpdf_oh_is_array)
QPDF(qpdf_oh_is_dictionary)
QPDF(qpdf_oh_is_integer)
QPDF(qpdf_oh_is_name_and_equals)
QPDF(qpdf_oh_is_number)
QPDF(qpdf_oh_is_stream)
QPDF(qpdf_oh_is_string)
QPDF(qpdf_oh_new_array)
QPDF(qpdf_oh_new_integer)
QPDF(qpdf_oh_new_null)
QPDF(qpdf_oh_new_stream)
QPDF(qpdf_oh_new_unicode_string)
QPDF(qpdf_oh_parse)
QPDF(qpdf_oh_replace_key)
QPDF(qpdf_oh_replace_stream_data)
QPDF(qpdf_oh_set_array_item)
QPDF(qpdf_oh_unparse_resolved)
QPDF(qpdf_read_memory)
QPDF(qpdf_set_compress_streams)
QPDF(qpdf_set_decode_level)
QPDF(qpdf_set_deterministic_ID)
QPDF(qpdf_set_object_stream_mode)
QPDF(qpdf_set_suppress_warnings)
QPDF(qpdf_silence_errors)
QPDF(qpdf_write)
#endif  // __x86_64__
