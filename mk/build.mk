# mk/build.mk — objects, the library archive, experiments, tools and unit-test binaries (included by the Makefile).

$(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(OBJ)/%.o: %.cc
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -MMD -MP -c $< -o $@

$(IGRAPH_SRC:%=$(OBJ)/%.o): CFLAGS += $(IGRAPH_CFLAGS)
$(OBJ)/tests/test_matching.o $(OBJ)/tests/test_classgraph.o $(OBJ)/tests/test_cubeorbit.o: CFLAGS += $(IGRAPH_CFLAGS)
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
# The archive names its members by file name alone (unique across src/*/), so
# each is mapped back to its object path through LIB_OBJ.
linkdeps = objs=$$(sed -n 's/.*libpairing\.a(\([^)]*\)).*/\1/p' $(1).map | sort -u | \
    while read m; do printf '%s\n' $(LIB_OBJ) | grep "/$$m$$"; done); \
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

# the solver's hot loops count bits: the processor's instruction where there is one
# (every x86-64 processor since 2008), not the library's loop
$(OBJ)/src/solve/bounded.o $(OBJ)/src/solve/solver.o $(OBJ)/src/solve/solver_eval.o $(OBJ)/src/solve/solver_table.o $(OBJ)/src/solve/solver_search.o $(OBJ)/src/solve/solver_cert.o $(OBJ)/src/solve/solver_game.o $(OBJ)/src/solve/solver_plain.o $(OBJ)/src/solve/closure.o: CFLAGS += $(if $(filter x86_64,$(shell uname -m)),-mpopcnt)

# makerbreaker's explain and play subcommands live in src/tools/mb_explain.c, what its files share in src/tools/mb_common.c
# (src/tools/mb_cmds.h), its --json output in src/tools/mb_json.c (json-glib);
# the library is named again after them
JSON_CFLAGS := $(shell pkg-config --cflags json-glib-1.0 2>/dev/null)
JSON_LIBS   := $(shell pkg-config --libs json-glib-1.0 2>/dev/null)
$(OBJ)/src/tools/mb_json.o: CFLAGS += $(JSON_CFLAGS)
$(BIN)/makerbreaker: $(OBJ)/src/tools/mb_explain.o $(OBJ)/src/tools/mb_json.o $(OBJ)/src/tools/mb_common.o
$(BIN)/makerbreaker: LDLIBS := $(LIB) $(LDLIBS) $(JSON_LIBS)
