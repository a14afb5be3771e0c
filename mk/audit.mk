# mk/audit.mk — `make audit`: every board of the 7^3 casework (CT8, CT9:
# 34,987,512 boards) recomputed independently: the rules replayed, a fresh
# Hopcroft–Karp matching, and the pairing written as a grid and validated by
# the grid checker (cubic-casework7 --certify-every 1).  Several minutes on
# 2 threads; resumable (checkpoint in build/audit/).  The result file, its
# provenance record and a short summary go to build/audit/; the report shows
# them when they are there (paper/audit.sh), and says how to run it when not.
# First, every stored certificate of campaigns/atlas is replayed by the
# checker against the board, position and winner its manifest or row names
# (tests/e2e/stored_certs.sh, which make check runs too).
AUDIT_DIR := build/audit
audit: $(BIN)/cubic-casework7 $(BIN)/makerbreaker
	@mkdir -p $(AUDIT_DIR)
	@echo "audit: the stored campaign certificates (campaigns/atlas: the lines of mnk:8,8,5, the 4^3 first moves) replayed"
	@BIN=$(BIN) bash tests/e2e/stored_certs.sh
	@echo "audit cubic-casework7: every board of CT8 and CT9 recomputed from scratch and checked (several minutes)"
	@start=$$(date +%s.%N); \
	$(BIN)/cubic-casework7 --profile full --threads $(THREADS) --certify-every 1 \
	  --checkpoint $(AUDIT_DIR)/cubic-casework7.ckpt --out $(AUDIT_DIR)/cubic-casework7.tsv; rc=$$?; \
	end=$$(date +%s.%N); \
	[ $$rc -le 1 ] || { echo "error: the audit exited with status $$rc"; exit $$rc; }; \
	commit=$$(git rev-parse --short=9 HEAD 2>/dev/null || echo none); \
	if [ -n "$$(git status --porcelain -- $$(cat $(BIN)/cubic-casework7.srcs 2>/dev/null) 2>/dev/null)" ]; then commit="$$commit+modified"; fi; \
	sh mk/prov.sh cubic-casework7 $$start $$end $$commit $(THREADS) audit $$rc > $(AUDIT_DIR)/cubic-casework7.prov; \
	awk -F'\t' '$$2 ~ /^(boards|certificates_(sampled|engine_agrees|valid)|pairing_always)$$/' $(AUDIT_DIR)/cubic-casework7.tsv; \
	awk -F'\t' 'NR == 2 { printf "audit: %s s on %s threads\n", $$2, $$5 }' $(AUDIT_DIR)/cubic-casework7.prov; \
	exit $$rc
.PHONY: audit
