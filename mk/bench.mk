# mk/bench.mk — build/bench.tsv, build/scaling.tsv, `make bench` and the Performance tables (included by the Makefile).

# build/bench.tsv is made once by the full report (its table) and remade on
# every `make bench`.  Each tool prints rows in bench.tsv's format; the ratio
# of engine to baseline rate (same run, same sample) is printed after the table.
BENCH_TOOLS := $(BIN)/bench-cubic7 $(BIN)/bench-matching $(BIN)/bench-subcube $(BIN)/bench-sg $(BIN)/bench-ninerow $(BIN)/bench-workbench $(BIN)/bench-solver $(BIN)/bench-lattice
build/bench.tsv: | $(BENCH_TOOLS)
	@mkdir -p build
	@echo "bench (timing the engines against the papers' methods)"
	@printf 'experiment\tvariant\tseconds\twork\trate\n' > $@.tmp
	@for t in $(BENCH_TOOLS); do $$t >> $@.tmp || exit 1; done
	@$(if $(filter 1,$(BENCH_CAMPAIGN)),sh mk/bench-campaign.sh $(BIN) $(MPI_DIR)/bin $(THREADS) >> $@.tmp || exit 1,:)
	@$(if $(filter 1,$(BENCH_CAMPAIGN)),sh mk/bench-solver.sh $(BIN) >> $@.tmp || exit 1,:)
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

# build/bench-peers.tsv: our solver against DepQBF on our QBF encoding of the
# same questions (mk/bench-peers.sh), each run capped at PEERS_CAP seconds of
# wall clock; `make bench-peers` (and `make bench`) remakes it, the report's
# Performance chapter shows it when it exists (paper/peers.sh).
PEERS_CAP ?= 60
build/bench-peers.tsv: | $(BIN)/makerbreaker
	@mkdir -p build
	@echo "bench-peers (our solver against DepQBF, at most $(PEERS_CAP) s per run)"
	@sh mk/bench-peers.sh $(BIN) $(PEERS_CAP) > $@.tmp || { rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@
	@$(call toolprov,build/bench-peers,bench-peers)

bench-peers: $(BIN)/makerbreaker
	@$(MAKE) --no-print-directory deps DEBS='$(DEBS) depqbf'
	@rm -f build/bench-peers.tsv
	@$(MAKE) --no-print-directory build/bench-peers.tsv
	@column -t -s "$$(printf '\t')" build/bench-peers.tsv 2>/dev/null || cat build/bench-peers.tsv

bench: $(BENCH_TOOLS) $(BIN)/bench-scaling
	@rm -f build/bench.tsv build/scaling.tsv
	@$(MAKE) --no-print-directory build/bench.tsv BENCH_CAMPAIGN=1
	@$(MAKE) --no-print-directory build/scaling.tsv
	@$(MAKE) --no-print-directory bench-peers
	@column -t -s "$$(printf '\t')" build/bench.tsv 2>/dev/null || cat build/bench.tsv
	@sh mk/bench-summary.sh build/bench.tsv build/scaling.tsv

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

