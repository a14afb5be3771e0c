# mk/report.mk — figures, the generated TeX inputs and report.pdf (included by the Makefile).

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
	@PROV_TSV=$(OUT)/provenance.tsv sh paper/provenance.sh $(OUT) $(BIN) $(EXPERIMENTS) -- \
	  $(foreach f,$(FIGURES),$(f)=$(call fig_src,$(f))) $(TOOL_PROV) > $@.tmp; \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; touch $@; else mv $@.tmp $@; fi

# \result{CLAIM}{KEY} in the report reads these definitions, one per result row
# (with the rows of the p(9) campaign and estimate when they were run,
# mk/campaign.mk; first, so that the experiments' rows win for a shared key;
# `make paper` rewrites it, so removed campaign rows leave the report too).
# Without rows of this build's own, the stored output of the estimate run
# (campaigns/p9/README.md says how it was produced) stands in.
P9_STORED := campaigns/p9
P9_ROWS = $(or $(wildcard $(OUT)/campaign-p9/*.tsv),$(wildcard $(P9_STORED)/*.tsv))
$(OUT)/gen/results.tex: mk/texdefs.sh $(RESULT_DEPS) $(P9_ROWS) $(if $(filter 1,$(NORUN)),FORCE)
	@mkdir -p $(@D)
	@[ -e $(OUT)/gen/hypercube-p9cc-est-times.tex ] || [ -n "$(wildcard $(OUT)/campaign-p9/*.tsv)" ] \
	  || cp $(P9_STORED)/estimate-times.tex $(OUT)/gen/hypercube-p9cc-est-times.tex
	@[ -e $(OUT)/gen/hypercube-p9cc-est-orbit-times.tex ] || [ -n "$(wildcard $(OUT)/campaign-p9/*.tsv)" ] \
	  || [ ! -e $(P9_STORED)/estimate-orbit-times.tex ] \
	  || cp $(P9_STORED)/estimate-orbit-times.tex $(OUT)/gen/hypercube-p9cc-est-orbit-times.tex
	@[ -e $(OUT)/gen/hypercube-p9cc-run-orbit-times.tex ] || [ -n "$(wildcard $(OUT)/campaign-p9/*.tsv)" ] \
	  || [ ! -e $(P9_STORED)/campaign-orbit-times.tex ] \
	  || cp $(P9_STORED)/campaign-orbit-times.tex $(OUT)/gen/hypercube-p9cc-run-orbit-times.tex
	@sh mk/texdefs.sh resultdef $(P9_ROWS) $(RESULT_DEPS) > $@

# The front page's counts and differences, each paper's status table and the
# compact scoreboard (paper/tables.sh), all from the scoreboard.
TABLES_TEX := $(OUT)/gen/summary.tex
$(TABLES_TEX): paper/tables.sh paper/fmt.sh paper/notes2tex.sh paper/keywords.sh paper/keys.tab $(OUT)/scoreboard.tsv expected/claims.tab expected/NOTES.md
	@mkdir -p $(@D)
	@sh paper/tables.sh $(OUT)/scoreboard.tsv expected expected/NOTES.md $(OUT)/gen

# "What differs and why": every differs/documented row with its explanation
# quoted from NOTES.md, every beyond result with its check, the readings.
$(OUT)/gen/differs-gen.tex: paper/differs.sh paper/notes2tex.sh paper/keywords.sh paper/keys.tab $(OUT)/scoreboard.tsv expected/NOTES.md
	@mkdir -p $(@D)
	@sh paper/differs.sh $(OUT)/scoreboard.tsv expected $(OUT)/results expected/NOTES.md > $@

# \published{CLAIM}{KEY}: the paper's value, from expected/, for quoting sentences
$(OUT)/gen/published.tex: mk/texdefs.sh $(wildcard expected/*.tsv)
	@mkdir -p $(@D)
	@sh mk/texdefs.sh publisheddef $(wildcard expected/*.tsv) > $@

# \pubtime{TAG}: the published solving times (the solver's table), from expected/
$(OUT)/gen/solver-times.tex: paper/soltimes.sh expected/solver-times.tab
	@mkdir -p $(@D)
	@sh paper/soltimes.sh expected/solver-times.tab > $@

# LD4's per-set table (the .dat is written together with the result file)
$(OUT)/gen/lattice-ld4.tex: paper/ld4table.sh $(OUT)/results/lattice-conjecture.tsv
	@mkdir -p $(@D)
	@sh paper/ld4table.sh $(OUT)/results/lattice-conjecture-table.dat > $@

# Traceability: claim -> experiment -> library modules -> unit tests, from the
# build's own link data (BIN/<experiment>.srcs) and the tests' includes: the
# table in OUT/traceability.tsv (a detail table, kept out of the report), the
# report's summary of it in gen/trace.tex.
$(OUT)/gen/trace.tex: paper/trace.sh $(RESULT_DEPS) $(wildcard tests/test_*.c)
	@mkdir -p $(@D)
	@sh paper/trace.sh --tsv $(OUT) $(BIN) $(EXPERIMENTS) > $(OUT)/traceability.tsv.tmp && mv $(OUT)/traceability.tsv.tmp $(OUT)/traceability.tsv
	@sh paper/trace.sh $(OUT) $(BIN) $(EXPERIMENTS) > $@

# `make audit`'s result (build/audit/), shown in the report when it is there;
# else the stored result of a real run (campaigns/audit/, its README says how)
AUDIT_SRC = $(if $(wildcard build/audit/cubic-casework7.tsv),build/audit,campaigns/audit)
$(OUT)/gen/audit.tex: paper/audit.sh $(wildcard build/audit/cubic-casework7.tsv build/audit/cubic-casework7.prov \
                        campaigns/audit/cubic-casework7.tsv campaigns/audit/cubic-casework7.prov)
	@mkdir -p $(@D)
	@sh paper/audit.sh $(AUDIT_SRC) > $@

# The games atlas's table, open rows and campaign status (paper/atlas.sh),
# with the rows of `make campaign-atlas` when it was run, else the stored
# ones (campaigns/atlas/README.md says how they were produced)
ATLAS_STORED := campaigns/atlas
ATLAS_ROWS = $(or $(wildcard $(OUT)/campaign-atlas/*.tsv $(OUT)/campaign-atlas/*-times.tex),\
                 $(wildcard $(ATLAS_STORED)/*.tsv $(ATLAS_STORED)/*-times.tex))
$(OUT)/gen/atlas-gen.tex: paper/atlas.sh paper/fmt.sh $(OUT)/results/games-atlas.tsv $(ATLAS_ROWS)
	@mkdir -p $(@D)
	@sh paper/atlas.sh $(OUT)/results/games-atlas.tsv $(ATLAS_ROWS) > $@

# the data of figures/atlas-lines.gp: mnk:8,8,5's opening classes and their lines
$(OUT)/gen/atlas-lines.dat: paper/atlas-lines-dat.sh $(or $(wildcard $(OUT)/campaign-atlas/lines.tsv),campaigns/atlas/lines.tsv)
	@mkdir -p $(@D)
	@sh paper/atlas-lines-dat.sh $(or $(wildcard $(OUT)/campaign-atlas/lines.tsv),campaigns/atlas/lines.tsv) mnk:8,8,5 > $@

# Maker's speed on the atlas's small boards (KEY/speed rows)
$(OUT)/gen/atlas-speed.tex: paper/speed.sh $(OUT)/results/games-atlas.tsv
	@mkdir -p $(@D)
	@sh paper/speed.sh $(OUT)/results/games-atlas.tsv > $@

# our solver against DepQBF (`make bench-peers`); a sentence when it was not run
$(OUT)/gen/peers.tex: paper/peers.sh $(wildcard build/bench-peers.tsv)
	@mkdir -p $(@D)
	@sh paper/peers.sh build/bench-peers.tsv > $@

# the ten lines of mnk:8,8,5 solved again from scratch in one run (issue 36;
# campaigns/atlas/README.md)
$(OUT)/gen/atlas-rerun.tex: paper/atlas-rerun.sh paper/fmt.sh $(wildcard campaigns/atlas/rerun/*.tsv) campaigns/atlas/lines.tsv
	@mkdir -p $(@D)
	@sh paper/atlas-rerun.sh campaigns/atlas/rerun > $@

# what each game the atlas leaves open cost in one run (make campaign-atlas-open;
# campaigns/atlas/README.md)
$(OUT)/gen/atlas-open.tex: paper/atlas-open.sh paper/fmt.sh $(wildcard campaigns/atlas/open/*.tsv)
	@mkdir -p $(@D)
	@sh paper/atlas-open.sh campaigns/atlas/open > $@

# open games solved backwards along a line of play (make campaign-atlas-depth;
# campaigns/atlas/README.md): the paragraph, table and figure data
$(OUT)/gen/atlas-depth-text.tex: paper/atlas-depth.sh paper/fmt.sh $(wildcard campaigns/atlas/depth/*.tsv)
	@mkdir -p $(@D)
	@sh paper/atlas-depth.sh campaigns/atlas/depth > $@
$(OUT)/gen/atlas-depth.dat: paper/atlas-depth.sh $(wildcard campaigns/atlas/depth/*.tsv)
	@mkdir -p $(@D)
	@sh paper/atlas-depth.sh --dat campaigns/atlas/depth > $@

$(OUT)/report.pdf: $(PAPER_TEX) $(OUT)/scoreboard.tsv $(OUT)/gen/env.tex $(OUT)/gen/results.tex $(OUT)/gen/audit.tex $(OUT)/gen/atlas-gen.tex \
                   $(OUT)/gen/atlas-speed.tex $(OUT)/gen/atlas-rerun.tex $(OUT)/gen/atlas-open.tex $(OUT)/gen/atlas-depth-text.tex $(OUT)/gen/peers.tex \
                   $(OUT)/gen/prov.tex $(OUT)/gen/published.tex $(OUT)/gen/solver-times.tex $(OUT)/gen/differs-gen.tex \
                   $(OUT)/gen/bench.tex $(OUT)/gen/perf.tex $(OUT)/gen/lattice-ld4.tex $(TABLES_TEX) \
                   $(OUT)/gen/trace.tex $(FIG_TEX)
	@echo "latex report ($(OUT)/report.pdf)"
	@TEXINPUTS=.:paper:$(OUT)/gen:$(OUT)/figures: BIBINPUTS=paper: latexmk -pdf -g -silent -interaction=nonstopmode \
	  -halt-on-error -outdir=$(OUT)/tex paper/report.tex >$(OUT)/tex.log 2>&1 \
	  || { tail -n 40 $(OUT)/tex.log; exit 1; }
	@cp $(OUT)/tex/report.pdf $@

