# Makefile — the whole pipeline: deps, build, experiments, comparison, figures,
# report, tests, bench.  See README.md for the two commands a user needs.
#
#   make reproduce [PROFILE=quick|full]   everything, ending in report.pdf
#   make check [SANITIZE=1]               unit tests + e2e tests + quick reproduce
#   make bench                            build/bench.tsv, build/scaling.tsv
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
        latexmk lmodern libigraph-dev libcadical-dev poppler-utils

LIB_SRC     := $(filter-out src/tools/%,$(wildcard src/*.c))
LIB_SRCXX   := $(wildcard src/*.cc)
LIB_OBJ     := $(LIB_SRC:src/%.c=$(OBJ)/src/%.o) $(LIB_SRCXX:src/%.cc=$(OBJ)/src/%.o)
LIB         := $(OBJ)/libpairing.a
EXP_SRC     := $(sort $(wildcard experiments/*/*.c))
EXPERIMENTS := $(subst /,-,$(EXP_SRC:experiments/%.c=%))
EXP_BIN     := $(EXPERIMENTS:%=$(BIN)/%)
TOOLS       := compare bench-matching bench-cubic7 bench-subcube bench-sg cubic7-pairing pairgrid-check subcube-verify sg-solve bench-ninerow lattice-pairing drat-check bench-scaling
TOOL_BIN    := $(TOOLS:%=$(BIN)/%)
# fuzz harnesses (tests/fuzz/NAME.c): replayed on saved inputs by `make check`
# (BIN/fuzz-NAME, built with CC), fuzzed by `make fuzz` (clang's libFuzzer)
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

# Extra arguments per experiment, and which result file feeds which figure.
ARGS_cubic-board := --figdata $(OUT)/results/cubic-board.dat
FIGDATA_pairing-threshold := $(OUT)/results/cubic-board.dat
FIGFROM_pairing-threshold := $(OUT)/results/cubic-board.tsv
ARGS_cubic-danger := --figdata $(OUT)/results/cubic-danger.dat \
  --figdata-random $(OUT)/results/cubic-danger-random.dat
FIGDATA_danger-greedy := $(OUT)/results/cubic-danger.dat
FIGFROM_danger-greedy := $(OUT)/results/cubic-danger.tsv expected/cubic-danger.tsv
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
  --times $(OUT)/gen/hypercube-pnew-times.tex --reps $(OUT)/gen/hypercube-pnew-reps.tex
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

.PHONY: all deps reproduce pipeline paper check unit bench fuzz clean FORCE
.DELETE_ON_ERROR:
.SECONDEXPANSION:
.SECONDARY:

all: $(EXP_BIN) $(TOOL_BIN) $(TEST_BIN) $(FUZZ_REPLAY)

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

# An experiment links only the library members it uses, and depends on exactly
# those objects (not on the whole archive), so changing one src/ module reruns
# only the experiments that link it.  The linker's map names the members; they
# go to BIN/<exp>.link.d (a make fragment, with an empty rule per object so a
# deleted module relinks) and the source files behind them, for provenance and
# the staleness check, to BIN/<exp>.srcs.
define experiment_rule
$(BIN)/$(subst /,-,$(1)): $(OBJ)/experiments/$(1).o | $(LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) $$< $(LIB) $$(LDLIBS) -Wl,-Map,$$@.map -o $$@
	@$$(call linkdeps,$$@,$(OBJ)/experiments/$(1))
endef
# $(call linkdeps,BINARY,OBJECT-STEM): BINARY.link.d and BINARY.srcs from the map.
linkdeps = objs=$$(sed -n 's/.*libpairing\.a(\([^)]*\)).*/\1/p' $(1).map | sort -u | sed 's|^|$(OBJ)/src/|'); \
  { printf '%s:' $(1); for o in $$objs; do printf ' %s' $$o; done; printf '\n'; \
    for o in $$objs; do printf '%s:\n' $$o; done; } > $(1).link.d; \
  for d in $(2).d $$(printf '%s\n' $$objs | sed 's/\.o$$/.d/'); do \
    tr ' \\' '\n\n' < $$d; done | grep -v -e ':$$' -e '^/' -e '^$$' | sort -u > $(1).srcs; \
  rm -f $(1).map
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
$(BIN)/fuzz-%: $(OBJ)/tests/fuzz/%.o $(OBJ)/tests/fuzz/replay.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

-include $(shell find build -name '*.d' 2>/dev/null)

# ---- reproduce --------------------------------------------------------------
# deps first (it may install the compiler's libraries), then the pipeline.
reproduce:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory pipeline
	@$(call not_current,reproduce)
	@$(BIN)/compare --gate $(OUT)/scoreboard.tsv

# the report, and every tool the README shows, so its commands work right after
pipeline: $(OUT)/report.pdf $(OUT)/scoreboard.tsv $(TOOL_BIN)

# $(call not_current,WHO): list what the report flags as stale (results whose
# sources changed after they ran; a bench table older than its tools)
not_current = sed -n 's/^\\provdef{\([^}]*\)}.*{\([^}]*\)}$$/\1: \2/p' $(OUT)/gen/prov.tex | grep -v ': current$$' \
  | sed -e 's/\\\(.\)/\1/g' -e 's/^/$(1): not current (flagged in the report): /' || true

# The report from the results already computed, rerunning nothing (for work on
# the text); results whose sources changed since they ran are listed here and
# flagged in the report.
paper:
	@[ -n "$(wildcard $(RESULTS))" ] || { echo "paper: no results in $(OUT)/results; run make reproduce$(if $(filter quick,$(PROFILE)), PROFILE=quick) first"; exit 2; }
	@$(MAKE) --no-print-directory NORUN=1 $(OUT)/report.pdf
	@$(call not_current,paper)

# Rerun one claim alone: the experiments whose expected or result files hold
# rows of CLAIM (or, for a new claim, whose header names it) run again, the
# scoreboard is recomputed and its rows for CLAIM are printed.  Exit 1 if one
# of them differs or is missing.
claim-%: $(BIN)/compare
	@exps=$$( { awk -F'\t' -v c='$*' 'FNR > 1 && $$1 == c { f = FILENAME; sub(/.*\//, "", f); sub(/\.tsv$$/, "", f); print f }' \
	            expected/*.tsv $(wildcard $(OUT)/results/*.tsv) /dev/null; \
	          [ -n "$$(awk -F'\t' -v c='$*' '$$1 == c' expected/*.tsv $(wildcard $(OUT)/results/*.tsv) /dev/null)" ] || \
	          awk -v c='$*' 'FNR <= 40 && index($$0, c) { f = FILENAME; sub(/^experiments\//, "", f); sub(/\.c$$/, "", f); \
	            sub(/\//, "-", f); print f; nextfile }' $(EXP_SRC); } | sort -u ); \
	[ -n "$$exps" ] || { echo "claim-$*: no experiment computes claim '$*' (claim ids are in expected/claims.tab)"; exit 2; }; \
	echo "claim $*: rerunning $$exps"; \
	for e in $$exps; do rm -f $(OUT)/results/$$e.tsv; done; \
	$(MAKE) --no-print-directory $$(for e in $$exps; do printf '$(OUT)/results/%s.tsv ' $$e; done) $(OUT)/scoreboard.tsv || exit $$?; \
	awk -F'\t' -v c='$*' 'NR == 1 || $$1 == c' $(OUT)/scoreboard.tsv | column -t -s "$$(printf '\t')"; \
	! awk -F'\t' -v c='$*' '$$1 == c && ($$5 == "differs" || $$5 == "missing") { bad = 1 } END { exit !bad }' $(OUT)/scoreboard.tsv

# Exit 0: every check held.  Exit 1: a check failed; the results are kept so
# the scoreboard and the report show the failure (and reproduce fails).
# Anything else is a crash or a usage error: no result file.
# A result depends on its binary (hence on exactly the objects it links) and on
# its arguments (a stamp rewritten only when they change); the thread count is
# not an input, since output does not depend on it.  Beside each result,
# <exp>.prov records how long the run took, when it finished, at which commit
# (with "+modified" if its sources differ from that commit), and the threads.
$(OUT)/results/%.tsv: $(if $(filter 1,$(NORUN)),,$(BIN)/% $(OUT)/stamps/%.args)
	@mkdir -p $(@D)
	@echo "run   $* (PROFILE=$(PROFILE))"
	@start=$$(date +%s.%N); \
	$(BIN)/$* --profile $(PROFILE) --threads $(THREADS) --out $@ $(ARGS_$*); rc=$$?; \
	end=$$(date +%s.%N); \
	commit=$$(git rev-parse --short=9 HEAD 2>/dev/null || echo none); \
	if [ -n "$$(git status --porcelain -- $$(cat $(BIN)/$*.srcs 2>/dev/null) Makefile 2>/dev/null)" ]; then commit="$$commit+modified"; fi; \
	awk -v a=$$start -v b=$$end -v n=$* -v c=$$commit -v d="$$(date -u '+%Y-%m-%d %H:%M:%S')" \
	  -v t=$(THREADS) -v p=$(PROFILE) -v r=$$rc \
	  'BEGIN{printf "experiment\tseconds\tfinished_utc\tcommit\tthreads\tprofile\texit\n"; \
	         printf "%s\t%.2f\t%s\t%s\t%s\t%s\t%s\n", n, b - a, d, c, t, p, r}' > $(OUT)/results/$*.prov; \
	if [ $$rc -eq 1 ]; then echo "warning: $*: a check failed (see the scoreboard)"; \
	elif [ $$rc -ne 0 ]; then echo "error: $* exited with status $$rc"; rm -f $@; exit $$rc; fi

FORCE:

# The argument stamps are brought up to date when the Makefile is read (a rule
# with a forced prerequisite would make `make -q` always report work to do):
# each is rewritten only when the arguments it records change.
ifeq ($(filter clean deps,$(MAKECMDGOALS)),)
$(foreach e,$(EXPERIMENTS),$(shell mkdir -p $(OUT)/stamps && \
  printf '%s\n' '--profile $(PROFILE) $(ARGS_$(e))' | cmp -s - $(OUT)/stamps/$(e).args || \
  printf '%s\n' '--profile $(PROFILE) $(ARGS_$(e))' > $(OUT)/stamps/$(e).args))
endif

$(OUT)/scoreboard.tsv: $(RESULT_DEPS) $(wildcard expected/*.tsv) $(wildcard expected/NOTES.md) $(BIN)/compare
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

# Provenance of every result (when, which commit, how long, still current?) and
# the program behind every figure, for the report's "Data:" lines, scoreboard
# and run-time table.  `make paper` (NORUN=1) always recomputes it, since there
# staleness depends on source times; the file is replaced only when it changes.  A figure's source is the experiment whose result file
# it is drawn from (first FIGFROM_ entry) unless FIGSRC_<figure> names another.
exp_src = experiments/$(firstword $(subst -, ,$(1)))/$(patsubst $(firstword $(subst -, ,$(1)))-%,%,$(1)).c
fig_src = $(or $(FIGSRC_$(1)),$(call exp_src,$(basename $(notdir $(firstword $(FIGFROM_$(1)))))))
$(OUT)/gen/prov.tex: paper/provenance.sh $(RESULT_DEPS) $(wildcard figures/*.gp) \
                     $(if $(filter full,$(PROFILE)),build/bench.tsv build/scaling.tsv) $(if $(filter 1,$(NORUN)),FORCE)
	@mkdir -p $(@D)
	@sh paper/provenance.sh $(OUT) $(BIN) $(EXPERIMENTS) -- \
	  $(foreach f,$(FIGURES),$(f)=$(call fig_src,$(f))) $(TOOL_PROV) > $@.tmp; \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; touch $@; else mv $@.tmp $@; fi

# \result{CLAIM}{KEY} in the report reads these definitions, one per result row.
$(OUT)/gen/results.tex: $(RESULT_DEPS)
	@mkdir -p $(@D)
	@awk -F'\t' 'FNR > 1 { v = $$3; gsub(/[_&%#$$]/, "\\\\&", v); \
	  if (v ~ /^[0-9][0-9][0-9][0-9][0-9]+$$/) { t = ""; \
	    while (length(v) > 3) { t = "\\," substr(v, length(v) - 2) t; v = substr(v, 1, length(v) - 3) } v = v t } \
	  printf "\\resultdef{%s}{%s}{%s}\n", $$1, $$2, v }' $^ > $@

# The front page's counts and differences, each paper's status table and the
# compact scoreboard (paper/tables.sh), all from the scoreboard.
TABLES_TEX := $(OUT)/gen/summary.tex
$(TABLES_TEX): paper/tables.sh paper/notes2tex.sh $(OUT)/scoreboard.tsv expected/claims.tab expected/NOTES.md
	@mkdir -p $(@D)
	@sh paper/tables.sh $(OUT)/scoreboard.tsv expected expected/NOTES.md $(OUT)/gen

# "What differs and why": every differs/documented row with its explanation
# quoted from NOTES.md, every beyond result with its check, the readings.
$(OUT)/gen/differs-gen.tex: paper/differs.sh paper/notes2tex.sh $(OUT)/scoreboard.tsv expected/NOTES.md
	@mkdir -p $(@D)
	@sh paper/differs.sh $(OUT)/scoreboard.tsv expected $(OUT)/results expected/NOTES.md > $@

# \published{CLAIM}{KEY}: the paper's value, from expected/, for quoting sentences
$(OUT)/gen/published.tex: $(wildcard expected/*.tsv)
	@mkdir -p $(@D)
	@awk -F'\t' 'FNR > 1 { v = $$3; gsub(/[_&%#$$]/, "\\\\&", v); \
	  printf "\\publisheddef{%s}{%s}{%s}\n", $$1, $$2, v }' $^ > $@

# LD4's per-set table (the .dat is written together with the result file)
$(OUT)/gen/lattice-ld4.tex: paper/ld4table.sh $(OUT)/results/lattice-conjecture.tsv
	@mkdir -p $(@D)
	@sh paper/ld4table.sh $(OUT)/results/lattice-conjecture-table.dat > $@

$(OUT)/report.pdf: $(PAPER_TEX) $(OUT)/scoreboard.tsv $(OUT)/gen/env.tex $(OUT)/gen/results.tex \
                   $(OUT)/gen/prov.tex $(OUT)/gen/published.tex $(OUT)/gen/differs-gen.tex \
                   $(OUT)/gen/bench.tex $(OUT)/gen/perf.tex $(OUT)/gen/lattice-ld4.tex $(TABLES_TEX) $(FIG_TEX)
	@echo "latex report ($(OUT)/report.pdf)"
	@TEXINPUTS=.:paper:$(OUT)/gen:$(OUT)/figures: BIBINPUTS=paper: latexmk -pdf -g -silent -interaction=nonstopmode \
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

# ---- fuzzing ----------------------------------------------------------------
# `make fuzz` builds every harness tests/fuzz/NAME.c with clang's libFuzzer
# (ASan + UBSan, the library instrumented for coverage, under build/fuzz/) and
# runs each for FUZZ_SECONDS (one at a time), starting from the committed
# seeds tests/fuzz/corpus/NAME/ (what it learns goes to build/fuzz/corpus/NAME/);
# a crash, hang (over FUZZ_TIMEOUT s) or out-of-memory input is saved to
# tests/fuzz/crashes/NAME/.  FUZZ_TARGETS=NAME... runs only those.  clang is
# needed only here: `make check` replays seeds and crashers with CC.
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
FUZZ_CXXFLAGS := -O1 -g -std=gnu++17 -Wall -Wextra -Werror $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Isrc
FUZZ_LIB     := $(FUZZ_DIR)/libpairing.a

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
$(FUZZ_DIR)/obj/%.o: %.cc
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -MMD -MP -c $< -o $@
$(FUZZ_DIR)/obj/src/classgraph.o: FUZZ_CFLAGS += $(IGRAPH_CFLAGS)
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
	@$(call toolprov,build/bench,bench)

# $(call toolprov,STEM,NAME): STEM.prov, the provenance record of a bench
# output STEM.tsv just written (finishing time and commit; no run time).
toolprov = printf 'experiment\tseconds\tfinished_utc\tcommit\tthreads\tprofile\texit\n%s\t\t%s\t%s\t1\t-\t0\n' \
  $(2) "$$(date -u '+%Y-%m-%d %H:%M:%S')" \
  "$$(git rev-parse --short=9 HEAD 2>/dev/null || echo none)$$([ -z "$$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || echo +modified)" > $(1).prov
# provenance of the bench outputs the full report uses (paper/provenance.sh)
TOOL_PROV := $(if $(filter full,$(PROFILE)),+src/tools/bench_scaling.c=build/scaling.prov +src/tools=build/bench.prov)

# build/scaling.tsv: one engine per paper timed on growing instances
# (src/tools/bench_scaling.c), made once by the full report and remade on
# every `make bench`; its fitted exponents are printed after the table.  A
# quick run does not time anything for the report: its figure and exponent
# table use the tool's --quick rows ($(OUT)/scaling-quick.tsv), a second.
build/scaling.tsv: | $(BIN)/bench-scaling
	@mkdir -p build
	@echo "bench (how each engine's cost grows with the instance)"
	@$(BIN)/bench-scaling > $@.tmp || { rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@
	@$(call toolprov,build/scaling,bench-scaling)

build/quick/scaling-quick.tsv: $(BIN)/bench-scaling
	@mkdir -p $(@D)
	@$(BIN)/bench-scaling --quick > $@.tmp 2>/dev/null || { rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

SCALING := $(if $(filter full,$(PROFILE)),build/scaling.tsv,$(OUT)/scaling-quick.tsv)

# the exponents and the figure's data (paper/scaling-fit.sh)
$(OUT)/gen/scaling-fit.dat: paper/scaling-fit.sh $(SCALING)
	@mkdir -p $(@D)
	@sh paper/scaling-fit.sh $(SCALING) > $@
FIGDATA_perf-scaling := $(OUT)/gen/scaling-fit.dat
FIGFROM_perf-scaling := $(OUT)/gen/scaling-fit.dat
FIGSRC_perf-scaling := src/tools/bench_scaling.c

bench: $(BENCH_TOOLS) $(BIN)/bench-scaling
	@rm -f build/bench.tsv build/scaling.tsv
	@$(MAKE) --no-print-directory build/bench.tsv
	@$(MAKE) --no-print-directory build/scaling.tsv
	@column -t -s "$$(printf '\t')" build/bench.tsv 2>/dev/null || cat build/bench.tsv
	@awk -F'\t' 'NR > 1 { r[$$1 "/" $$2] = $$5; if (!($$1 in seen)) { seen[$$1] = 1; o[++n] = $$1 } } \
	  END { for (i = 1; i <= n; i++) if (r[o[i] "/engine"] && r[o[i] "/baseline"]) \
	    printf "%s: engine rate / baseline rate = %.0f\n", o[i], r[o[i] "/engine"] / r[o[i] "/baseline"] }' build/bench.tsv
	@sh paper/scaling-fit.sh build/scaling.tsv | awk -F'\t' '$$1 == "#fit" { \
	  printf "%s: seconds ~ %s^%s on the larger half of %d sizes %s .. %s (on all: ^%s)\n", \
	    $$2, $$3, $$10, $$4, $$7, $$8, $$9 }'

# The bench table of the full report (quick runs skip the timing).
$(OUT)/gen/bench.tex: paper/bench.sh $(if $(filter full,$(PROFILE)),build/bench.tsv)
	@mkdir -p $(@D)
	@sh paper/bench.sh $(PROFILE) build/bench.tsv > $@

# The Performance chapter's tables: bench rates and ratios beside the papers'
# own times (paper/paper-times.tsv), and the fitted exponents.
$(OUT)/gen/perf.tex: paper/perf.sh paper/paper-times.tsv $(OUT)/gen/scaling-fit.dat \
                     $(if $(filter full,$(PROFILE)),build/bench.tsv)
	@mkdir -p $(@D)
	@sh paper/perf.sh $(PROFILE) build/bench.tsv paper/paper-times.tsv $(OUT)/gen/scaling-fit.dat > $@

clean:
	rm -rf build
