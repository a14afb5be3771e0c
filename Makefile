# Makefile — the whole pipeline: deps, build, experiments, comparison, figures,
# report, tests, bench.  See README.md for the two commands a user needs.
#
#   make reproduce [PROFILE=quick|full]   everything, ending in report.pdf
#   make check [SANITIZE=1] [DEBUG=1]     unit tests + e2e tests + quick reproduce
#   make bench                            build/bench.tsv, build/scaling.tsv
#   make audit                            every 7^3 casework board checked independently
#   make install [PREFIX=/usr/local] [DESTDIR=]   makerbreaker, games-atlas, man pages,
#                                         libmakerbreaker, headers, makerbreaker.pc
#   make uninstall [PREFIX=...] [DESTDIR=]   removes exactly what install wrote
#   make deps | all | clean

PROFILE  ?= full
SANITIZE ?= 0
DEBUG    ?= 0
THREADS  ?= 2

ifeq ($(filter $(PROFILE),quick full),)
$(error PROFILE must be quick or full, not '$(PROFILE)')
endif
ifeq ($(filter $(SANITIZE),0 1),)
$(error SANITIZE must be 0 or 1, not '$(SANITIZE)')
endif
ifeq ($(filter $(DEBUG),0 1),)
$(error DEBUG must be 0 or 1, not '$(DEBUG)')
endif

# A quick run writes under build/quick/ so it never overwrites a full run.
OUT := build$(if $(filter quick,$(PROFILE)),/quick)
# Sanitized objects and binaries live apart from the optimised ones.
ifeq ($(SANITIZE),1)
  VARIANT  := build/san
  SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
  # a sanitizer report must fail the run, never look like a failed check (exit 1)
  export ASAN_OPTIONS  := exitcode=86:detect_leaks=1
  export UBSAN_OPTIONS := halt_on_error=1:print_stacktrace=1:exitcode=86
else
  VARIANT  := build
  SANFLAGS :=
endif
# DEBUG=1: the invariant checks of plumbing/debug.h (PAIRING_CHECK) are
# compiled in; objects and binaries in build/debug (build/san/debug with SANITIZE=1).
ifeq ($(DEBUG),1)
  VARIANT  := $(VARIANT)/debug
  SANFLAGS += -DPAIRING_DEBUG
endif
OBJ := $(VARIANT)/obj
BIN := $(VARIANT)/bin

CC      ?= gcc
CXX     ?= g++
PKGS    := glib-2.0
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Werror -pthread $(SANFLAGS) \
           $(shell pkg-config --cflags $(PKGS) 2>/dev/null) -Isrc
# the one C++ file (src/solvers/satproof.cc: CaDiCaL's proof tracing is C++ only)
CXXFLAGS ?= -O2 -g
CXXFLAGS += -std=gnu++17 -Wall -Wextra -Werror $(SANFLAGS) -Isrc
LDFLAGS += -pthread $(SANFLAGS)
LDLIBS  := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcadical -lstdc++ -lm
IGRAPH_CFLAGS := $(shell pkg-config --cflags igraph 2>/dev/null)
IGRAPH_LIBS   := $(shell pkg-config --libs igraph 2>/dev/null)
# the library's sources that include igraph.h: mk/build.mk and mk/fuzz.mk compile
# them with IGRAPH_CFLAGS (one list, so neither build misses one)
IGRAPH_SRC    := src/game/symmetry src/ninerow/classgraph src/hypercube/cubeorbit
# game/symmetry.c (automorphism groups by bliss) is in the library: every binary may link igraph
LDLIBS        += $(IGRAPH_LIBS)

# the library: every module of the layered tree src/<layer>/ (src/tools/ are programs)
LIB_DIRS    := $(filter-out src/tools/,$(sort $(dir $(wildcard src/*/*.c src/*/*.cc))))
LIB_SRC     := $(sort $(wildcard $(LIB_DIRS:%=%*.c)))
LIB_SRCXX   := $(sort $(wildcard $(LIB_DIRS:%=%*.cc)))
LIB_OBJ     := $(LIB_SRC:src/%.c=$(OBJ)/src/%.o) $(LIB_SRCXX:src/%.cc=$(OBJ)/src/%.o)
LIB         := $(OBJ)/libpairing.a
EXP_SRC     := $(sort $(wildcard experiments/*/*.c))
EXPERIMENTS := $(subst /,-,$(EXP_SRC:experiments/%.c=%))
EXP_BIN     := $(EXPERIMENTS:%=$(BIN)/%)
TOOLS       := compare bench-matching bench-cubic7 bench-subcube bench-sg cubic7-pairing pairgrid-check subcube-verify sg-solve bench-ninerow lattice-pairing drat-check bench-scaling makerbreaker bench-workbench bench-solver bench-lattice
TOOL_BIN    := $(TOOLS:%=$(BIN)/%)
# fuzz harnesses (tests/fuzz/NAME.c): replayed on saved inputs by `make check`
# (BIN/fuzz-NAME, built with CC), fuzzed by `make fuzz` (clang's libFuzzer; mk/fuzz.mk)
FUZZ_NAMES  := $(sort $(basename $(notdir $(filter-out tests/fuzz/replay.c,$(wildcard tests/fuzz/*.c)))))
FUZZ_REPLAY := $(FUZZ_NAMES:%=$(BIN)/fuzz-%)
TEST_SRC    := $(sort $(wildcard tests/test_*.c))
TEST_BIN    := $(TEST_SRC:tests/%.c=$(BIN)/%)
RESULTS     := $(EXPERIMENTS:%=$(OUT)/results/%.tsv)
# NORUN=1 (what `make paper` sets) typesets from the results already there and
# runs nothing; a result older than its source is then flagged in the report.
NORUN       ?= 0
RESULT_DEPS := $(if $(filter 1,$(NORUN)),$(wildcard $(RESULTS)),$(RESULTS))
FIGURES     := $(patsubst figures/%.gp,%,$(filter-out figures/style.gp,$(wildcard figures/*.gp)))
FIG_TEX     := $(FIGURES:%=$(OUT)/figures/%.tex)
PAPER_TEX   := $(wildcard paper/*.tex paper/*.bib)


.PHONY: all deps reproduce pipeline paper check unit bench bench-peers fuzz clean dist FORCE
.DELETE_ON_ERROR:
.SECONDEXPANSION:
.SECONDARY:

all: $(EXP_BIN) $(TOOL_BIN) $(TEST_BIN) $(FUZZ_REPLAY)

# The pipeline by concern; the wiring (experiment arguments, figure data)
# comes first, since the argument stamps in run.mk are written as it is read.
include mk/wiring.mk
include mk/deps.mk
include mk/build.mk
include mk/run.mk
include mk/report.mk
include mk/tests.mk
include mk/bench.mk
include mk/fuzz.mk
include mk/mpi.mk
include mk/campaign.mk
include mk/audit.mk
include mk/install.mk

# the committed tree as a tarball whose Software Heritage identifier is the
# one the report prints (mk/dist.sh checks it on the unpacked files)
dist:
	@sh mk/dist.sh build/dist

clean:
	rm -rf build
