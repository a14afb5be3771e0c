# mk/fuzz.mk — `make fuzz`: every harness tests/fuzz/NAME.c built with clang's
# libFuzzer (ASan + UBSan, the library instrumented for coverage, under
# build/fuzz/) and run for FUZZ_SECONDS (one at a time), starting from the
# committed seeds tests/fuzz/corpus/NAME/ (what it learns goes to
# build/fuzz/corpus/NAME/); a crash, hang (over FUZZ_TIMEOUT s) or
# out-of-memory input is saved to tests/fuzz/crashes/NAME/.  FUZZ_TARGETS=NAME...
# runs only those.  clang is needed only here: `make check` replays seeds and
# crashers with CC (BIN/fuzz-NAME, mk/build.mk; tests/e2e/fuzz_replay.sh).
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
FUZZ_TARGETS ?= $(FUZZ_NAMES)
FUZZ_DEBS    := clang libclang-rt-14-dev
FUZZ_CC      ?= clang
FUZZ_CXX     ?= clang++
FUZZ_DIR     := build/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -O1 -g -std=gnu11 -Wall -Wextra -Werror -pthread $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
                $(shell pkg-config --cflags $(PKGS) 2>/dev/null) -Isrc
FUZZ_CXXFLAGS := -O1 -g -std=gnu++17 -Wall -Wextra -Werror $(FUZZ_SAN) -fno-sanitize=vptr -fsanitize=fuzzer-no-link -Isrc
# (no vptr checks in the one C++ file: the harnesses link with the C driver, without
# UBSan's C++ runtime; satproof.cc's CaDiCaL terminator is a virtual class)
FUZZ_LIB     := $(FUZZ_DIR)/libpairing.a

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
$(FUZZ_DIR)/obj/%.o: %.cc
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -MMD -MP -c $< -o $@
$(IGRAPH_SRC:%=$(FUZZ_DIR)/obj/%.o): FUZZ_CFLAGS += $(IGRAPH_CFLAGS)
$(FUZZ_LIB): $(LIB_SRC:src/%.c=$(FUZZ_DIR)/obj/src/%.o) $(LIB_SRCXX:src/%.cc=$(FUZZ_DIR)/obj/src/%.o)
	@rm -f $@
	ar rcs $@ $^
$(FUZZ_DIR)/bin/%: $(FUZZ_DIR)/obj/tests/fuzz/%.o $(FUZZ_LIB)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -pthread $^ $(LDLIBS) -o $@

fuzz:
	@$(MAKE) --no-print-directory deps DEBS='$(DEBS) $(FUZZ_DEBS)'
	@$(MAKE) --no-print-directory $(FUZZ_TARGETS:%=$(FUZZ_DIR)/bin/%)
	@rc=0; for h in $(FUZZ_TARGETS); do \
	  bash tests/fuzz/run.sh $(FUZZ_DIR)/bin/$$h $(FUZZ_SECONDS) $(FUZZ_TIMEOUT) || rc=1; done; exit $$rc
