# perf: a clean-room implementation of the Linux perf tool.
#
#   make                 build ./perf (objects in build/)
#   make SANITIZE=1      AddressSanitizer + UBSan build in build-asan/ (binary build-asan/perf)
#   make deps            install the Debian packages needed to build and test (root, apt-get)
#   make test            build, then run the whole suite (perf test)
#   make demo            stat, record and report the demo workload
#   make bench           build the microbenchmarks (bench/*.c) into build/bench/
#   make V=1             show the full compiler command lines

CC      ?= gcc
PKG_CONFIG ?= pkg-config

ifeq ($(SANITIZE),1)
O       ?= build-asan
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
PERF_BIN := $(O)/perf
else
O       ?= build
SANFLAGS :=
PERF_BIN := perf
endif

# Libraries.  REQUIRED ones stop the build when missing; OPTIONAL ones are
# compiled in when found.  Every one found gets -DHAVE_<NAME>_SUPPORT.
REQUIRED_PKGS := libelf libdw libtraceevent zlib libzstd
OPTIONAL_PKGS := libunwind slang capstone
pkg_found = $(shell $(PKG_CONFIG) --exists $(1) 2>/dev/null && echo yes)
FOUND_PKGS := $(foreach p,$(REQUIRED_PKGS) $(OPTIONAL_PKGS),$(if $(call pkg_found,$(p)),$(p)))
MISSING_REQUIRED := $(filter-out $(FOUND_PKGS),$(REQUIRED_PKGS))
pkg_macro = HAVE_$(shell echo $(1) | tr a-z- A-Z_ | sed 's/^LIB//')_SUPPORT
pkg_version = $(shell $(PKG_CONFIG) --modversion $(1) 2>/dev/null)

PKG_CFLAGS := $(if $(FOUND_PKGS),$(shell $(PKG_CONFIG) --cflags $(FOUND_PKGS)))
PKG_LIBS   := $(if $(FOUND_PKGS),$(shell $(PKG_CONFIG) --libs $(FOUND_PKGS)))
FEATURE_DEFS := $(foreach p,$(FOUND_PKGS),-D$(call pkg_macro,$(p)) -D$(call pkg_macro,$(p))_VERSION='"$(call pkg_version,$(p))"')

GIT_REV := $(shell git rev-parse --short HEAD 2>/dev/null)
PERF_VERSION := 6.1.0$(if $(GIT_REV),.g$(GIT_REV))

WARNINGS := -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers \
	-Wshadow -Wformat=2 -Wno-format-nonliteral -Wstrict-prototypes -Wmissing-prototypes
# Fixed-size clears and copies of up to 1 KiB (a struct perf_sample per event)
# as plain stores: gcc's default "rep stos" takes tens of cycles to start on
# AMD CPUs and in VMs, a tenth of a report's time. x86 gcc only.
STRINGOP := unrolled_loop:1024:noalign,libcall:-1:noalign
STRINGOP_CFLAGS := $(shell $(CC) -Werror -mmemset-strategy=$(STRINGOP) -mmemcpy-strategy=$(STRINGOP) \
	-c -x c -o /dev/null /dev/null 2>/dev/null && echo -mmemset-strategy=$(STRINGOP) -mmemcpy-strategy=$(STRINGOP))
BASE_CFLAGS := -std=gnu11 -O2 -g $(WARNINGS) $(STRINGOP_CFLAGS) -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 \
	-I. -Iutil -Iarch/x86 -fno-strict-aliasing -fno-omit-frame-pointer -pthread
ALL_CFLAGS := $(BASE_CFLAGS) $(SANFLAGS) $(PKG_CFLAGS) $(FEATURE_DEFS) \
	-DPERF_VERSION='"$(PERF_VERSION)"' -DPERF_SRCDIR='"$(CURDIR)"' -DPERF_BUILDDIR='"$(abspath $(O))"' \
	$(CFLAGS) $(EXTRA_CFLAGS)
ALL_LDFLAGS := $(SANFLAGS) -pthread $(LDFLAGS)
# libiberty (Debian libiberty-dev, a static library without pkg-config): the C++
# demangler the reference perf uses, for the same names in the same form.
LIBIBERTY_H := $(wildcard /usr/include/libiberty/demangle.h)
LIBS := $(PKG_LIBS) -liberty -lm -ldl $(EXTRA_LIBS)

SRCS := perf.c $(sort $(wildcard builtin-*.c util/*.c ui/*.c ui/*/*.c arch/x86/*.c tests/*.c tests/workloads/*.c))
OBJS := $(patsubst %.c,$(O)/%.o,$(SRCS)) $(O)/docs.o
DEPS := $(OBJS:.o=.d)
DOCS := $(sort $(wildcard Documentation/perf*.txt))

# Test programs: tests/progs/NAME.c -> $(O)/tests/progs/NAME (see tests/progs/Makefile.inc).
TEST_PROG_SRCS := $(sort $(wildcard tests/progs/*.c))
TEST_PROGS := $(patsubst tests/progs/%.c,$(O)/tests/progs/%,$(TEST_PROG_SRCS))

ifneq ($(V),1)
Q := @
quiet_cc = @printf '  %-8s %s\n' CC $@;
quiet_ld = @printf '  %-8s %s\n' LINK $@;
quiet_gen = @printf '  %-8s %s\n' GEN $@;
endif

all: check-deps $(PERF_BIN) test-progs

check-deps:
ifeq ($(LIBIBERTY_H),)
	@echo "error: missing library: libiberty (demangle.h)" >&2
	@echo "       install it with 'make deps' (Debian: apt-get install libiberty-dev)" >&2
	@exit 1
endif
ifneq ($(MISSING_REQUIRED),)
	@echo "error: missing libraries: $(MISSING_REQUIRED)" >&2
	@echo "       install them with 'make deps' (Debian: apt-get install the -dev packages)" >&2
	@exit 1
endif

$(PERF_BIN): $(OBJS)
	$(quiet_ld)$(CC) $(ALL_LDFLAGS) -o $@ $(OBJS) $(LIBS)

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(quiet_cc)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The manual pages are linked into the binary, so 'perf help CMD' works wherever perf is copied.
$(O)/docs.S: $(DOCS) Makefile
	@mkdir -p $(O)
	$(quiet_gen){ \
	  printf '\t.section .rodata\n'; \
	  i=0; for f in $(DOCS); do \
	    n=$$(basename $$f .txt); \
	    printf 'doc_name_%d:\n\t.asciz "%s"\ndoc_text_%d:\n\t.incbin "%s"\n\t.byte 0\n' $$i $$n $$i $(CURDIR)/$$f; \
	    i=$$((i+1)); \
	  done; \
	  printf '\t.section .data.rel.ro,"aw"\n\t.balign 8\n\t.globl perf_docs\nperf_docs:\n'; \
	  i=0; for f in $(DOCS); do printf '\t.quad doc_name_%d, doc_text_%d\n' $$i $$i; i=$$((i+1)); done; \
	  printf '\t.quad 0, 0\n\t.section .note.GNU-stack,"",@progbits\n'; \
	} > $@.tmp && mv $@.tmp $@

$(O)/docs.o: $(O)/docs.S
	$(quiet_cc)$(CC) -c -o $@ $<

test-progs: $(TEST_PROGS)
-include tests/progs/Makefile.inc

# Default rule for test programs: debug info, no optimisation, frame pointers.
$(O)/tests/progs/%: tests/progs/%.c
	@mkdir -p $(dir $@)
	$(quiet_cc)$(CC) -O0 -g -fno-omit-frame-pointer -pthread -o $@ $< $(TEST_PROG_LIBS_$*)

# What carries the version is rebuilt when the git revision changes.
$(O)/PERF-VERSION-FILE: FORCE
	@mkdir -p $(O)
	@echo '$(PERF_VERSION)' | cmp -s - $@ || echo '$(PERF_VERSION)' > $@
$(O)/perf.o: $(O)/PERF-VERSION-FILE

# Microbenchmarks: bench/NAME.c -> $(O)/bench/NAME, linked with what they use of util/.
BENCH_SRCS := $(sort $(wildcard bench/*.c))
BENCHES := $(patsubst bench/%.c,$(O)/bench/%,$(BENCH_SRCS))
UTIL_OBJS := $(filter $(O)/util/%.o $(O)/arch/%.o,$(OBJS)) $(O)/docs.o

bench: check-deps $(BENCHES)

$(O)/libperf-util.a: $(UTIL_OBJS)
	$(quiet_gen)rm -f $@ && $(AR) rcs $@ $^

$(O)/bench/%: bench/%.c $(O)/libperf-util.a $(O)/PERF-VERSION-FILE
	@mkdir -p $(dir $@)
	$(quiet_ld)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(O)/libperf-util.a $(LIBS)

deps:
	@scripts/install-deps.sh

test: all
	$(Q)./$(PERF_BIN) test

demo: all
	@scripts/demo.sh ./$(PERF_BIN)

config:
	@echo "perf $(PERF_VERSION)"
	@for p in $(REQUIRED_PKGS) $(OPTIONAL_PKGS); do \
	  if $(PKG_CONFIG) --exists $$p 2>/dev/null; then printf '  %-14s %s\n' $$p "$$($(PKG_CONFIG) --modversion $$p)"; \
	  else printf '  %-14s %s\n' $$p 'not found'; fi; done

clean:
	rm -rf build build-asan perf

.PHONY: all check-deps deps test demo config clean test-progs bench FORCE
FORCE:
.DELETE_ON_ERROR:

-include $(DEPS)
