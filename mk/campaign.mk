# mk/campaign.mk — the cube-and-conquer campaign for p(9) (hypercube-p9cc),
# outside `make reproduce` (which runs only its budgeted part: the cover
# check and cube 0).  Both targets resume from their checkpoint when
# interrupted (the checkpoint names the program's fingerprint: a rebuilt
# binary starts afresh, so keep the binary for a long campaign), print
# progress on stderr, and leave their rows in $(OUT)/campaign-p9/*.tsv,
# which the report reads when they exist.
P9DIR       := $(OUT)/campaign-p9
P9_UNITS    ?= all
P9_SAMPLE   ?= 16
P9_SEED     ?= 1
P9_CONFLICTS ?= 1000000

# every cube (or P9_UNITS=I-J), each decided and checked; a verified pairing
# goes to $(P9DIR)/q9_3.pairs
campaign-p9: $(BIN)/hypercube-p9cc
	@mkdir -p $(P9DIR) $(OUT)/gen
	nice $(BIN)/hypercube-p9cc --profile $(PROFILE) --threads $(THREADS) --units $(P9_UNITS) --tag run \
	  --conflicts $(P9_CONFLICTS) --checkpoint $(P9DIR)/campaign.ckpt --certs $(P9DIR) \
	  --out $(P9DIR)/campaign.tsv --times $(OUT)/gen/hypercube-p9cc-run-times.tex

# the cost estimate: P9_SAMPLE cubes drawn with seed P9_SEED, decided and checked
estimate-p9: $(BIN)/hypercube-p9cc
	@mkdir -p $(P9DIR) $(OUT)/gen
	nice $(BIN)/hypercube-p9cc --profile $(PROFILE) --threads $(THREADS) --sample $(P9_SAMPLE) --seed $(P9_SEED) \
	  --conflicts $(P9_CONFLICTS) --checkpoint $(P9DIR)/estimate.ckpt \
	  --out $(P9DIR)/estimate.tsv --times $(OUT)/gen/hypercube-p9cc-est-times.tex

.PHONY: campaign-p9 estimate-p9
