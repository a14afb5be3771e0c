# mk/run.mk — running the experiments: reproduce, paper, claim-%, results with provenance, argument stamps, the scoreboard (included by the Makefile).

# deps first (it may install the compiler's libraries), then the pipeline.
reproduce:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory pipeline
	@$(call not_current,reproduce)
	@$(BIN)/compare --gate $(OUT)/scoreboard.tsv

# the report, and every tool the README and doc/ show, so their commands work right after
pipeline: $(OUT)/report.pdf $(OUT)/scoreboard.tsv $(TOOL_BIN)

# $(call not_current,WHO): list what the report flags as stale (results whose
# sources changed after they ran; a bench table older than its tools)
not_current = sed -n 's/^\\provdef{\([^}]*\)}.*{\([^}]*\)}$$/\1: \2/p' $(OUT)/gen/prov.tex | grep -v ': current$$' \
  | sed -e 's/\\allowbreak //g' -e 's/\\\(.\)/\1/g' -e 's/^/$(1): not current (flagged in the report): /' || true

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
	@exps=$$(sh mk/claim.sh exps '$*' $(OUT) $(EXP_SRC)); \
	[ -n "$$exps" ] || { echo "claim-$*: no experiment computes claim '$*' (claim ids are in expected/claims.tab)"; exit 2; }; \
	echo "claim $*: rerunning $$exps"; \
	for e in $$exps; do rm -f $(OUT)/results/$$e.tsv; done; \
	$(MAKE) --no-print-directory $$(for e in $$exps; do printf '$(OUT)/results/%s.tsv ' $$e; done) $(OUT)/scoreboard.tsv || exit $$?; \
	sh mk/claim.sh rows '$*' $(OUT)/scoreboard.tsv

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
	if [ -n "$$(git status --porcelain -- $$(cat $(BIN)/$*.srcs 2>/dev/null) Makefile mk figures/wiring.tab 2>/dev/null)" ]; then commit="$$commit+modified"; fi; \
	sh mk/prov.sh $* $$start $$end $$commit $(THREADS) $(PROFILE) $$rc > $(OUT)/results/$*.prov; \
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

$(OUT)/scoreboard.tsv: $(RESULT_DEPS) $(wildcard expected/*.tsv) $(wildcard expected/NOTES.md expected/readings.tab) $(BIN)/compare
	@mkdir -p $(OUT)/gen
	@$(BIN)/compare --expected expected --results $(OUT)/results --notes expected/NOTES.md --readings expected/readings.tab \
	  --profile $(PROFILE) --out $@ --tex $(OUT)/gen/scoreboard.tex >/dev/null || [ $$? -eq 1 ]


# LD4 beyond the report's scope: every orbit of up to CAMPAIGN_BOX directions
# of [-3,3]^2 and up to CAMPAIGN_D3 of [-1,1]^3 (the report's run stops at 7
# and 7).  Resumable: an interrupted campaign continues from its checkpoint.
# Results in build/campaign/ (not part of the report or the scoreboard).
# CAMPAIGN_D3=8 is not practical yet: a few sets of 8 directions of [-1,1]^3
# find no pairing on a quotient and the torus Z_16^3 is slow.
CAMPAIGN_BOX ?= 8
CAMPAIGN_D3 ?= 7
campaign-ld4: $(BIN)/lattice-conjecture
	@mkdir -p build/campaign
	@echo "campaign LD4: [-3,3]^2 up to $(CAMPAIGN_BOX) directions, [-1,1]^3 up to $(CAMPAIGN_D3)"
	@nice $(BIN)/lattice-conjecture --threads $(THREADS) --box-size $(CAMPAIGN_BOX) --d3-size $(CAMPAIGN_D3) \
	  --checkpoint build/campaign/lattice-conjecture.ckpt --figdata build/campaign/lattice-conjecture \
	  --out build/campaign/lattice-conjecture.tsv; rc=$$?; [ $$rc -le 1 ] || exit $$rc; \
	grep -E 'box3_(sets|found)|d3wide_(sets|found)|holds_all|verified' build/campaign/lattice-conjecture.tsv; exit $$rc
.PHONY: campaign-ld4
