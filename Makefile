# Makefile — the whole pipeline: deps, build, experiments, comparison, figures,
# report, tests, bench.  See README.md for the two commands a user needs.
#
#   make reproduce [PROFILE=quick|full]   everything, ending in report.pdf
#   make check [SANITIZE=1]               unit tests + e2e tests + quick reproduce
#   make bench                            build/bench.tsv
#   make deps | all | clean

PROFILE  ?= full
SANITIZE ?= 0
THREADS  ?= 2

ifeq ($(filter $(PROFILE),quick full),)
$(error PROFILE must be quick or full, not '$(PROFILE)')
endif
ifeq ($(filter $(SANITIZE),0 1),)
$(error SANITIZE must be 0 or 1, not '$(SANITIZE)')
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
OBJ := $(VARIANT)/obj
BIN := $(VARIANT)/bin

CC      ?= gcc
CXX     ?= g++
PKGS    := glib-2.0
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Werror -pthread $(SANFLAGS) \
           $(shell pkg-config --cflags $(PKGS) 2>/dev/null) -Isrc
# the one C++ file (src/satproof.cc: CaDiCaL's proof tracing is C++ only)
CXXFLAGS ?= -O2 -g
CXXFLAGS += -std=gnu++17 -Wall -Wextra -Werror $(SANFLAGS) -Isrc
LDFLAGS += -pthread $(SANFLAGS)
LDLIBS  := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcadical -lstdc++ -lm
IGRAPH_CFLAGS := $(shell pkg-config --cflags igraph 2>/dev/null)
IGRAPH_LIBS   := $(shell pkg-config --libs igraph 2>/dev/null)

# Debian packages the artefact needs (DESIGN.md, "Dependencies").
DEBS := gcc g++ make pkg-config libglib2.0-dev gnuplot-nox texlive-latex-base \
        texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended \
        latexmk lmodern libigraph-dev libcadical-dev

LIB_SRC     := $(filter-out src/tools/%,$(wildcard src/*.c))
LIB_SRCXX   := $(wildcard src/*.cc)
LIB_OBJ     := $(LIB_SRC:src/%.c=$(OBJ)/src/%.o) $(LIB_SRCXX:src/%.cc=$(OBJ)/src/%.o)
LIB         := $(OBJ)/libpairing.a
EXP_SRC     := $(sort $(wildcard experiments/*/*.c))
EXPERIMENTS := $(subst /,-,$(EXP_SRC:experiments/%.c=%))
EXP_BIN     := $(EXPERIMENTS:%=$(BIN)/%)
TOOLS       := compare bench-matching bench-cubic7 bench-subcube bench-sg cubic7-pairing pairgrid-check subcube-verify sg-solve bench-ninerow lattice-pairing drat-check
TOOL_BIN    := $(TOOLS:%=$(BIN)/%)
TEST_SRC    := $(sort $(wildcard tests/test_*.c))
TEST_BIN    := $(TEST_SRC:tests/%.c=$(BIN)/%)
RESULTS     := $(EXPERIMENTS:%=$(OUT)/results/%.tsv)
FIGURES     := $(patsubst figures/%.gp,%,$(filter-out figures/style.gp,$(wildcard figures/*.gp)))
FIG_TEX     := $(FIGURES:%=$(OUT)/figures/%.tex)
PAPER_TEX   := $(wildcard paper/*.tex)

# Extra arguments per experiment, and which result file feeds which figure.
ARGS_cubic-board := --figdata $(OUT)/results/cubic-board.dat
FIGDATA_pairing-threshold := $(OUT)/results/cubic-board.dat
FIGFROM_pairing-threshold := $(OUT)/results/cubic-board.tsv
ARGS_cubic-danger := --figdata $(OUT)/results/cubic-danger.dat \
  --figdata-random $(OUT)/results/cubic-danger-random.dat
FIGDATA_danger-greedy := $(OUT)/results/cubic-danger.dat
FIGFROM_danger-greedy := $(OUT)/results/cubic-danger.tsv
FIGDATA_danger-random := $(OUT)/results/cubic-danger-random.dat
FIGFROM_danger-random := $(OUT)/results/cubic-danger.tsv
# The two longest runs save finished work to a checkpoint (not a make target,
# so .DELETE_ON_ERROR leaves it): a killed run resumes instead of restarting.
ARGS_cubic-casework7 := --checkpoint $(OUT)/results/cubic-casework7.ckpt
ARGS_cubic-pregame := --figdata $(OUT)/results/cubic-pregame
FIGDATA_pregame-planar := $(OUT)/results/cubic-pregame-planar.dat
FIGFROM_pregame-planar := $(OUT)/results/cubic-pregame.tsv
FIGDATA_pregame-cube8 := $(OUT)/results/cubic-pregame-cube8.dat
FIGFROM_pregame-cube8 := $(OUT)/results/cubic-pregame.tsv
ARGS_hypercube-recipe := --figdata $(OUT)/results/hypercube-recipe.dat
FIGDATA_hypercube-ratio := $(OUT)/results/hypercube-recipe.dat
FIGFROM_hypercube-ratio := $(OUT)/results/hypercube-recipe.tsv
ARGS_hypercube-pnew := --figdata $(OUT)/results/hypercube-pnew.dat \
  --times $(OUT)/gen/hypercube-pnew-times.tex
FIGDATA_hypercube-pbounds := $(OUT)/results/hypercube-pnew.dat
FIGFROM_hypercube-pbounds := $(OUT)/results/hypercube-pnew.tsv
ARGS_nim-named := --figdata $(OUT)/results/nim-named
FIGDATA_nim-slices := $(OUT)/results/nim-named-slices.dat
FIGFROM_nim-slices := $(OUT)/results/nim-named.tsv
FIGDATA_nim-formula := $(OUT)/results/nim-named-slices.dat
FIGFROM_nim-formula := $(OUT)/results/nim-named.tsv
ARGS_ninerow-pairings := --figdata $(OUT)/results/ninerow-pairings \
  --checkpoint $(OUT)/results/ninerow-pairings.ckpt
FIGDATA_ninerow-board := $(OUT)/results/ninerow-pairings-board.dat
FIGFROM_ninerow-board := $(OUT)/results/ninerow-pairings.tsv
ARGS_ninerow-graph := --figdata $(OUT)/results/ninerow-graph
FIGDATA_ninerow-degrees := $(OUT)/results/ninerow-graph-degrees.dat
FIGFROM_ninerow-degrees := $(OUT)/results/ninerow-graph.tsv expected/ninerow-graph.tsv
FIGDATA_ninerow-component := $(OUT)/results/ninerow-graph-component.dat
FIGFROM_ninerow-component := $(OUT)/results/ninerow-graph.tsv
ARGS_ninerow-hex := --figdata $(OUT)/results/ninerow-hex
FIGDATA_ninerow-hexgraph := $(OUT)/results/ninerow-hex-graph.dat
FIGFROM_ninerow-hexgraph := $(OUT)/results/ninerow-hex.tsv
ARGS_lattice-theorem1 := --figdata $(OUT)/results/lattice-theorem1
FIGDATA_lattice-assign := $(OUT)/results/lattice-theorem1-assign.dat
FIGFROM_lattice-assign := $(OUT)/results/lattice-theorem1.tsv
ARGS_lattice-conjecture := --figdata $(OUT)/results/lattice-conjecture
FIGDATA_lattice-sat := $(OUT)/results/lattice-conjecture-pairing.dat
FIGFROM_lattice-sat := $(OUT)/results/lattice-conjecture.tsv

.PHONY: all deps reproduce pipeline check unit bench clean
.DELETE_ON_ERROR:
.SECONDEXPANSION:
.SECONDARY:

all: $(EXP_BIN) $(TOOL_BIN) $(TEST_BIN)

# ---- dependencies -----------------------------------------------------------
deps:
	@missing=$$(for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	done | tr '\n' ' '); \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages present"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "deps: installing $$missing"; \
	  apt-get update -q >/dev/null && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	else \
	  echo "deps: missing Debian packages: $$missing"; \
	  echo "deps: run as root:  apt-get install -y --no-install-recommends $$missing"; \
	  exit 1; \
	fi

# ---- build ------------------------------------------------------------------
$(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(OBJ)/%.o: %.cc
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -MMD -MP -c $< -o $@

$(OBJ)/tests/test_matching.o: CFLAGS += $(IGRAPH_CFLAGS)
$(OBJ)/src/classgraph.o $(OBJ)/tests/test_classgraph.o: CFLAGS += $(IGRAPH_CFLAGS)
$(BIN)/ninerow-graph $(BIN)/ninerow-hex $(BIN)/test_classgraph: LDLIBS += $(IGRAPH_LIBS)

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

define experiment_rule
$(BIN)/$(subst /,-,$(1)): $(OBJ)/experiments/$(1).o $(LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) $$^ $$(LDLIBS) -o $$@
endef
$(foreach e,$(EXP_SRC:experiments/%.c=%),$(eval $(call experiment_rule,$(e))))

# a tool NAME is built from src/tools/NAME.c with dashes as underscores
define tool_rule
$(BIN)/$(1): $(OBJ)/src/tools/$(subst -,_,$(1)).o $(LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) $$^ $$(LDLIBS) -o $$@
endef
$(foreach t,$(TOOLS),$(eval $(call tool_rule,$(t))))
$(BIN)/test_matching: $(OBJ)/tests/test_matching.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ $(IGRAPH_LIBS) $(LDLIBS) -o $@
$(BIN)/test_%: $(OBJ)/tests/test_%.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

-include $(shell find build -name '*.d' 2>/dev/null)

# ---- reproduce --------------------------------------------------------------
# deps first (it may install the compiler's libraries), then the pipeline.
reproduce:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory pipeline
	@$(BIN)/compare --gate $(OUT)/scoreboard.tsv

pipeline: $(OUT)/report.pdf $(OUT)/scoreboard.tsv

# Exit 0: every check held.  Exit 1: a check failed; the results are kept so
# the scoreboard and the report show the failure (and reproduce fails).
# Anything else is a crash or a usage error: no result file.
$(OUT)/results/%.tsv: $(BIN)/%
	@mkdir -p $(@D)
	@echo "run   $* (PROFILE=$(PROFILE))"
	@start=$$(date +%s.%N); \
	$(BIN)/$* --profile $(PROFILE) --threads $(THREADS) --out $@ $(ARGS_$*); rc=$$?; \
	end=$$(date +%s.%N); \
	awk -v a=$$start -v b=$$end -v n=$* 'BEGIN{printf "%s\t%.2f\n", n, b - a}' > $(OUT)/results/$*.time; \
	if [ $$rc -eq 1 ]; then echo "warning: $*: a check failed (see the scoreboard)"; \
	elif [ $$rc -ne 0 ]; then echo "error: $* exited with status $$rc"; rm -f $@; exit $$rc; fi

$(OUT)/scoreboard.tsv: $(RESULTS) $(wildcard expected/*.tsv) $(wildcard expected/NOTES.md) $(BIN)/compare
	@mkdir -p $(OUT)/gen
	@$(BIN)/compare --expected expected --results $(OUT)/results --notes expected/NOTES.md \
	  --profile $(PROFILE) --out $@ --tex $(OUT)/gen/scoreboard.tex >/dev/null || [ $$? -eq 1 ]

$(OUT)/figures/%.tex: figures/%.gp figures/style.gp $$(FIGFROM_$$*)
	@mkdir -p $(@D)
	@echo "plot  $*"
	@gnuplot -e "datafile='$(FIGDATA_$*)'; outfile='$@'" $<

$(OUT)/gen/env.tex: paper/env.sh $(OUT)/scoreboard.tsv $(PAPER_TEX)
	@mkdir -p $(@D)
	@sh paper/env.sh $(PROFILE) $(OUT) > $@

# \result{CLAIM}{KEY} in the report reads these definitions, one per result row.
$(OUT)/gen/results.tex: $(RESULTS)
	@mkdir -p $(@D)
	@awk -F'\t' 'FNR > 1 { v = $$3; gsub(/[_&%#$$]/, "\\\\&", v); \
	  printf "\\resultdef{%s}{%s}{%s}\n", $$1, $$2, v }' $^ > $@

# LD4's per-set table (the .dat is written together with the result file)
$(OUT)/gen/lattice-ld4.tex: paper/ld4table.sh $(OUT)/results/lattice-conjecture.tsv
	@mkdir -p $(@D)
	@sh paper/ld4table.sh $(OUT)/results/lattice-conjecture-table.dat > $@

$(OUT)/report.pdf: $(PAPER_TEX) $(OUT)/scoreboard.tsv $(OUT)/gen/env.tex $(OUT)/gen/results.tex \
                   $(OUT)/gen/bench.tex $(OUT)/gen/lattice-ld4.tex $(FIG_TEX)
	@echo "latex report ($(OUT)/report.pdf)"
	@TEXINPUTS=.:paper:$(OUT)/gen:$(OUT)/figures: latexmk -pdf -g -silent -interaction=nonstopmode \
	  -halt-on-error -outdir=$(OUT)/tex paper/report.tex >$(OUT)/tex.log 2>&1 \
	  || { tail -n 40 $(OUT)/tex.log; exit 1; }
	@cp $(OUT)/tex/report.pdf $@

# ---- tests ------------------------------------------------------------------
check:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory all
	@BIN=$(BIN) SANITIZE=$(SANITIZE) MAKE="$(MAKE)" bash tests/run.sh

unit: $(TEST_BIN)
	@for t in $(TEST_BIN); do $$t || exit 1; done

# ---- bench ------------------------------------------------------------------
# build/bench.tsv is made once by the full report (its table) and remade on
# every `make bench`.  Each tool prints rows in bench.tsv's format; the ratio
# of engine to baseline rate (same run, same sample) is printed after the table.
BENCH_TOOLS := $(BIN)/bench-cubic7 $(BIN)/bench-matching $(BIN)/bench-subcube $(BIN)/bench-sg $(BIN)/bench-ninerow
build/bench.tsv: | $(BENCH_TOOLS)
	@mkdir -p build
	@echo "bench (timing the engines against the papers' methods)"
	@printf 'experiment\tvariant\tseconds\twork\trate\n' > $@.tmp
	@for t in $(BENCH_TOOLS); do $$t >> $@.tmp || exit 1; done
	@mv $@.tmp $@

bench: $(BENCH_TOOLS)
	@rm -f build/bench.tsv
	@$(MAKE) --no-print-directory build/bench.tsv
	@column -t -s "$$(printf '\t')" build/bench.tsv 2>/dev/null || cat build/bench.tsv
	@awk -F'\t' 'NR > 1 { r[$$1 "/" $$2] = $$5; if (!($$1 in seen)) { seen[$$1] = 1; o[++n] = $$1 } } \
	  END { for (i = 1; i <= n; i++) if (r[o[i] "/engine"] && r[o[i] "/baseline"]) \
	    printf "%s: engine rate / baseline rate = %.0f\n", o[i], r[o[i] "/engine"] / r[o[i] "/baseline"] }' build/bench.tsv

# The bench table of the full report (quick runs skip the timing).
$(OUT)/gen/bench.tex: paper/bench.sh $(if $(filter full,$(PROFILE)),build/bench.tsv)
	@mkdir -p $(@D)
	@sh paper/bench.sh $(PROFILE) build/bench.tsv > $@

clean:
	rm -rf build
