# mk/mpi.mk — `make mpi`: the experiments that run as campaigns (src/plumbing/campaign.h)
# built against MPI, as $(VARIANT)/mpi/bin/<experiment> (included by the Makefile).
#
# Only campaign.c differs under MPI: it is compiled again with mpicc -DWITH_MPI and
# linked ahead of the library, whose own (threaded) campaign.o is then not used.
# The default binaries in $(BIN) never link MPI.  Run them with
#   mpirun -np N $(VARIANT)/mpi/bin/<experiment> [options]     (or srun; doc/campaigns.md)

MPICC           ?= mpicc
# experiments/<paper>/<name>.c -> <paper>-<name>, as for the default binaries
MPI_EXP_SRC     := cubic/casework7 ninerow/pairings nim/jm hypercube/p9cc lattice/conjecture games/atlas
MPI_EXPERIMENTS := $(subst /,-,$(MPI_EXP_SRC))
MPI_DIR         := $(VARIANT)/mpi
MPI_BIN         := $(MPI_EXPERIMENTS:%=$(MPI_DIR)/bin/%)

.PHONY: mpi
mpi: $(MPI_BIN)

# whether this Open MPI can take Slurm's PMI-1 / PMI-2 (its pmix components s1,
# s2): campaign.c then lets srun start it without PMIx (else it refuses in one line)
MPI_PMI_FLAGS = $(shell ompi_info --parsable 2>/dev/null | awk -F: \
  '$$1 == "mca" && $$2 == "pmix" && $$3 == "s1" { a = 1 } $$1 == "mca" && $$2 == "pmix" && $$3 == "s2" { b = 1 } \
   END { if (a) printf "-DCAMPAIGN_OMPI_PMI1 "; if (b) printf "-DCAMPAIGN_OMPI_PMI2" }')

$(MPI_DIR)/obj/campaign.o: src/plumbing/campaign.c
	@mkdir -p $(@D)
	@command -v $(MPICC) >/dev/null || { echo "mpi: $(MPICC) not found (make deps installs openmpi-bin libopenmpi-dev)"; exit 2; }
	$(MPICC) $(CFLAGS) -DWITH_MPI $(MPI_PMI_FLAGS) -MMD -MP -c $< -o $@

define mpi_rule
$(MPI_DIR)/bin/$(subst /,-,$(1)): $(OBJ)/experiments/$(1).o $(MPI_DIR)/obj/campaign.o $(LIB)
	@mkdir -p $$(@D)
	$(MPICC) $$(LDFLAGS) $$^ $$(LDLIBS) -o $$@
endef
$(foreach e,$(MPI_EXP_SRC),$(eval $(call mpi_rule,$(e))))

# `make bench` adds the campaign rows (mk/bench-campaign.sh, from build/bench.tsv's
# recipe with BENCH_CAMPAIGN=1); the bench.tsv that `make reproduce` makes for
# the full report has none, so reproducing needs no MPI
BENCH_CAMPAIGN ?= 0
ifeq ($(BENCH_CAMPAIGN),1)
build/bench.tsv: | $(MPI_BIN) $(BIN)/ninerow-pairings
endif
bench: $(MPI_BIN) $(BIN)/ninerow-pairings

# the report's sentence on the campaign bench (paper/cluster.tex)
$(OUT)/gen/cluster-gen.tex: paper/cluster.sh $(if $(filter full,$(PROFILE)),build/bench.tsv)
	@mkdir -p $(@D)
	@sh paper/cluster.sh $(PROFILE) build/bench.tsv > $@
$(OUT)/report.pdf: $(OUT)/gen/cluster-gen.tex
