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
# the split: anchors (cubesplit.h, 44,704 cubes) or orbit (cubeorbit.h: up to
# Aut(Q_9), 11,451 cubes at its full-profile depth 4); its files carry
# -orbit.  P9_DEPTH empty: the program's default depth for the profile.
P9_SPLIT    ?= anchors
P9_DEPTH    ?=
P9_SFX       = $(if $(filter orbit,$(P9_SPLIT)),-orbit)
P9_ARGS      = --profile $(PROFILE) --threads $(THREADS) --split $(P9_SPLIT) $(if $(P9_DEPTH),--depth $(P9_DEPTH)) \
  --conflicts $(P9_CONFLICTS)

# every cube (or P9_UNITS=I-J), each decided and checked; a verified pairing
# goes to $(P9DIR)/q9_3.pairs
campaign-p9: $(BIN)/hypercube-p9cc
	@mkdir -p $(P9DIR) $(OUT)/gen
	nice $(BIN)/hypercube-p9cc $(P9_ARGS) --units $(P9_UNITS) --tag run \
	  --checkpoint $(P9DIR)/campaign$(P9_SFX).ckpt --certs $(P9DIR) \
	  --out $(P9DIR)/campaign$(P9_SFX).tsv --times $(OUT)/gen/hypercube-p9cc-run$(P9_SFX)-times.tex

# the cost estimate: P9_SAMPLE cubes drawn with seed P9_SEED, decided and checked
estimate-p9: $(BIN)/hypercube-p9cc
	@mkdir -p $(P9DIR) $(OUT)/gen
	nice $(BIN)/hypercube-p9cc $(P9_ARGS) --sample $(P9_SAMPLE) --seed $(P9_SEED) \
	  --checkpoint $(P9DIR)/estimate$(P9_SFX).ckpt \
	  --out $(P9DIR)/estimate$(P9_SFX).tsv --times $(OUT)/gen/hypercube-p9cc-est$(P9_SFX)-times.tex

.PHONY: campaign-p9 estimate-p9

# The games atlas (experiments/games/atlas.c) beyond `make reproduce`'s
# budget: the larger boards, both sides first, with a larger node budget and
# table (4^3 Maker first is decided here with all its first moves: about
# 1.4e7 expansions, 7 min on one core), and the open
# boards 5^3, 6^3 and mnk:8,8,5 split into Maker's opening classes, one
# campaign unit each (MB14), and the estimate of what each opening costs
# (random paths of a deeper split, their leaves solved: the probes step;
# `make campaign-atlas-probes` runs that step alone).  Each step resumes from
# its checkpoint (same binary and options), on threads or, built with
# `make mpi`, on MPI ranks;
# certificates of every decided row go to $(ATLAS_DIR)/certs, rows to
# $(ATLAS_DIR)/*.tsv.
ATLAS_DIR         := $(OUT)/campaign-atlas
ATLAS_BOARDS      ?= 4^3 7^2 8^2 3^5 4^4
ATLAS_NODES       ?= 20000000
ATLAS_MEMORY_MB   ?= 3072
ATLAS_OPENINGS    ?= 5^3 6^3 mnk:8,8,5
ATLAS_OPEN_NODES  ?= 2000000
# the all-moves run of a first player's win (every first move up to
# symmetry, each with its own checked certificate): its budget per move;
# 4^3's edge class needs about 1.05e7 expansions
ATLAS_MOVES_NODES ?= 20000000
# --max-openings: only the first N opening classes of each board (0: all)
ATLAS_MAX_OPENINGS ?= 0
# the cost estimate of the open boards' openings (MB14, games-atlas
# --probes): ATLAS_PROBES random paths per opening class of each of
# ATLAS_PROBE_BOARDS (the first ATLAS_PROBE_OPENINGS classes; 0: all) through
# the split ATLAS_PROBE_DEPTH plies deeper, Breaker's replies by the
# Erdos-Selfridge greedy rule, each leaf solved within ATLAS_PROBE_NODES
# expansions in all; ATLAS_PROBES=0 skips the step
ATLAS_PROBE_BOARDS   ?= $(ATLAS_OPENINGS)
ATLAS_PROBES         ?= 16
ATLAS_PROBE_DEPTH    ?= 4
ATLAS_PROBE_NODES    ?= 200000
ATLAS_PROBE_OPENINGS ?= 0
ATLAS_PROBE_SEED     ?= 1
# lines of play of the open boards decided as a whole (make
# campaign-atlas-lines, mk/atlas-lines.sh): BOARD@MOVES, moves '+'-separated,
# each solved with ATLAS_LINE_NODES expansions per unit and its own
# checkpoint, its certificate in $(ATLAS_DIR)/lines/
# (default: mnk:8,8,5's ten classes of Maker's first move, each answered by
# Breaker's Erdos-Selfridge greedy reply, the first ply of the probes'
# paths; all ten decided would decide the board, and the report says so;
# then the games Breaker starts: 4^3's two classes of Breaker's first cell
# (each answered by Maker on an inner cell, which lies on seven lines) and torus:6,5's
# one class (answered by the cell opposite); and Maker's opening on torus:7,5 and
# on torus:8,5 (one class each: the translations are transitive), every
# reply of Breaker's solved)
ATLAS_LINES       ?= mnk:8,8,5@M:1,1+B:4,4 mnk:8,8,5@M:2,1+B:5,4 mnk:8,8,5@M:3,1+B:4,4 mnk:8,8,5@M:4,1+B:4,4 \
  mnk:8,8,5@M:2,2+B:4,4 mnk:8,8,5@M:3,2+B:5,4 mnk:8,8,5@M:4,2+B:4,4 mnk:8,8,5@M:3,3+B:4,4 mnk:8,8,5@M:4,3+B:4,4 \
  mnk:8,8,5@M:4,4+B:5,4 4^3@B:1,1,1+M:2,2,2 4^3@B:2,1,1+M:3,3,3 torus:6,5@B:0,0+M:3,3 torus:7,5@M:0,0 torus:7,5@B:0,0+M:3,3 torus:8,5@M:0,0 torus:8,5@B:0,0+M:4,4
ATLAS_LINE_NODES  ?= 3000000
# the board whose winning first moves $(ATLAS_DIR)/boards-moves.dat lists
ATLAS_MOVES_BOARD ?= 4^3
# ATLAS_MPI=N: run both steps on N MPI ranks (`make mpi`'s binary under
# mpirun; rank 0 hands out the units, so N-1 ranks compute)
ATLAS_MPI         ?=
# test aid (tests/e2e/atlas_campaign.sh): each step stops as if killed after
# N units are saved to its checkpoint; the next run resumes
ATLAS_STOP_AFTER  ?=
ATLAS_STOP = $(if $(ATLAS_STOP_AFTER),--stop-after $(ATLAS_STOP_AFTER))
ATLAS_BIN = $(if $(ATLAS_MPI),$(MPI_DIR)/bin/games-atlas,$(BIN)/games-atlas)
# (Open MPI's own leaks are not ours: a sanitized build's MPI job runs without
# leak detection, which the Makefile's SANITIZE=1 export would turn back on)
ATLAS_RUN = $(if $(ATLAS_MPI),env ASAN_OPTIONS='$(ASAN_OPTIONS):detect_leaks=0' mpirun --oversubscribe -np $(ATLAS_MPI) )$(ATLAS_BIN)
# Each step is skipped when its rows exist and were made with the same
# arguments (its .args file; threads, ranks and ATLAS_STOP_AFTER do not
# change the rows), so after an interruption the same command resumes the
# unfinished step only; remove $(ATLAS_DIR)/*.tsv to recompute.  (Not file
# targets: the report reads these rows, and `make reproduce` must never
# start a campaign.)
ATLAS_boards_ARGS = --profile full $(ATLAS_BOARDS:%=--board %) --nodes $(ATLAS_NODES) --moves-nodes $(ATLAS_MOVES_NODES) \
  --memory-mb $(ATLAS_MEMORY_MB) --moves-board $(ATLAS_MOVES_BOARD)
ATLAS_openings_ARGS = --profile full --openings $(ATLAS_OPENINGS:%=--board %) --nodes $(ATLAS_OPEN_NODES) \
  --max-openings $(ATLAS_MAX_OPENINGS)
ATLAS_probes_ARGS = --profile full --openings $(ATLAS_PROBE_BOARDS:%=--board %) --probes $(ATLAS_PROBES) \
  --probe-depth $(ATLAS_PROBE_DEPTH) --nodes $(ATLAS_PROBE_NODES) --max-openings $(ATLAS_PROBE_OPENINGS) --seed $(ATLAS_PROBE_SEED)
# $(call atlas_step,STEP,EXTRA): run STEP unless its rows are there with the same arguments
# The step writes its rows and times to .new files and moves them over the
# old ones only when it has finished: a step that fails (bad arguments, exit
# 2) or is stopped keeps the earlier run's rows (E8).
atlas_step = if [ -f $(ATLAS_DIR)/$(1).tsv ] && [ "$$(cat $(ATLAS_DIR)/$(1).args 2>/dev/null)" = '$(ATLAS_$(1)_ARGS)' ]; then \
    echo "campaign-atlas: $(ATLAS_DIR)/$(1).tsv is done with these arguments (remove it to recompute)"; \
  else rm -f $(ATLAS_DIR)/$(1).tsv.new $(ATLAS_DIR)/$(1)-times.tex.new && \
    nice $(ATLAS_RUN) --threads $(THREADS) $(ATLAS_$(1)_ARGS) --checkpoint $(ATLAS_DIR)/$(1).ckpt $(ATLAS_STOP) \
      --certs $(ATLAS_DIR)/certs --times $(ATLAS_DIR)/$(1)-times.tex.new --out $(ATLAS_DIR)/$(1).tsv.new $(2) && \
    mv $(ATLAS_DIR)/$(1)-times.tex.new $(ATLAS_DIR)/$(1)-times.tex && mv $(ATLAS_DIR)/$(1).tsv.new $(ATLAS_DIR)/$(1).tsv && \
    echo '$(ATLAS_$(1)_ARGS)' > $(ATLAS_DIR)/$(1).args; fi
campaign-atlas: | $(ATLAS_BIN) $(BIN)/makerbreaker
	@mkdir -p $(ATLAS_DIR)/certs
	@$(call atlas_step,boards,--figdata $(ATLAS_DIR)/boards)
	@$(call atlas_step,openings,)
	@$(if $(filter-out 0,$(ATLAS_PROBES)),$(call atlas_step,probes,))
	@$(if $(strip $(ATLAS_LINES)),sh mk/atlas-lines.sh $(BIN) $(ATLAS_DIR) $(ATLAS_LINE_NODES) $(THREADS) $(ATLAS_LINES))
campaign-atlas-lines: | $(BIN)/makerbreaker
	@sh mk/atlas-lines.sh $(BIN) $(ATLAS_DIR) $(ATLAS_LINE_NODES) $(THREADS) $(ATLAS_LINES)
# the measured cost of the games the atlas leaves open (mk/atlas-open.sh):
# each of ATLAS_OPEN (BOARD/maker or BOARD/breaker, the side first) solved
# from its first move for ATLAS_OPEN_SECONDS of wall clock on $(THREADS)
# threads; rows in $(ATLAS_DIR)/open.tsv and open-times.tsv
ATLAS_OPEN         ?= torus:7,6/maker torus:7,6/breaker \
  torus:8,6/maker torus:8,6/breaker torus:8,7/maker torus:8,7/breaker
ATLAS_OPEN_SECONDS ?= 240
campaign-atlas-open: | $(BIN)/makerbreaker
	@sh mk/atlas-open.sh $(BIN) $(ATLAS_DIR) $(ATLAS_OPEN_SECONDS) $(THREADS) $(ATLAS_OPEN)
# how the cost of an open game grows back along a line of play
# (mk/atlas-depth.sh): each of ATLAS_DEPTH (BOARD/SIDE@MOVES) solved after
# its whole line, then two moves earlier, and so on until a position stays
# open within ATLAS_DEPTH_SECONDS of wall clock on $(THREADS) threads and
# the solver's --memory ATLAS_DEPTH_MEMORY; rows in $(ATLAS_DIR)/depth.tsv
# and depth-times.tsv.  The lines: both sides
# take a cell of largest gain in the line potential (doc/makerbreaker.md),
# ties to the first cell in the order x, then y.
ATLAS_DEPTH ?= torus:8,7/breaker@B:0,0+M:1,2+B:5,6+M:1,3+B:1,4+M:0,2+B:2,2+M:4,6 \
  torus:7,6/breaker@B:0,0+M:1,2+B:1,3+M:2,1+B:6,4+M:3,2+B:2,3+M:0,6+B:5,4+M:4,2+B:6,2+M:1,5+B:5,1+M:3,0+B:4,6+M:3,3
ATLAS_DEPTH_SECONDS ?= 600
ATLAS_DEPTH_MEMORY  ?= default
campaign-atlas-depth: | $(BIN)/makerbreaker
	@sh mk/atlas-depth.sh $(BIN) $(ATLAS_DIR) $(ATLAS_DEPTH_SECONDS) $(THREADS) $(ATLAS_DEPTH_MEMORY) $(ATLAS_DEPTH)
campaign-atlas-probes: | $(ATLAS_BIN)
	@mkdir -p $(ATLAS_DIR)/certs
	@$(call atlas_step,probes,)

# the atlas writes its certificates to $(OUT)/certs/atlas (one level is
# created by the program; the parent here)
$(OUT)/results/games-atlas.tsv: | $(OUT)/certs
# the stored lines of play decide the mnk boards their openings cover
# (games-atlas --lines campaigns/atlas, figures/wiring.tab)
$(OUT)/results/games-atlas.tsv: $(wildcard campaigns/atlas/lines.tsv campaigns/atlas/lines/*.cert.xz)
$(OUT)/certs:
	@mkdir -p $@

.PHONY: campaign-atlas campaign-atlas-probes campaign-atlas-lines campaign-atlas-open campaign-atlas-depth
