# mk/wiring.mk — reads figures/wiring.tab (included by the Makefile): for each
# row "args EXP ..." ARGS_EXP, "data FIG ..." FIGDATA_FIG, "from FIG ..."
# FIGFROM_FIG, "src FIG ..." FIGSRC_FIG.  Spaces travel through $(shell) as ~.
WIRING := $(shell awk -F'\t' -f mk/wiring.awk figures/wiring.tab)
$(foreach w,$(WIRING),$(eval $(subst ~, ,$(w))))
