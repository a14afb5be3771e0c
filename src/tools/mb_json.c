/* mb_json.c — makerbreaker --json (contract in mb_json.h). */
#include "tools/mb_json.h"

#include <json-glib/json-glib.h>
#include <string.h>

const char MB_HELP_JSON[] =
    "--json (info, pairing, solve, check): instead of the text, one JSON object\n"
    "on standard output (schema 1; keys always in this order; cells are the\n"
    "canonical names; a fraction is a string \"a/b\").  Errors stay one line on\n"
    "stderr with nothing on stdout, and the exit status is the same as without\n"
    "--json.  Every object starts with \"schema\": 1, \"command\", \"board\".\n"
    "  info:    position, cells, sets, maker_cells, breaker_cells, surviving,\n"
    "           dead, free_cells, maker_won (null or the set's cells),\n"
    "           set_sizes [min,max], degrees [min,max], es_sum, es_max_cell,\n"
    "           es_total, breaker_first_es, breaker_second_es (true: proved by\n"
    "           Erdős–Selfridge), private_count_ok, max_codegree (null if not\n"
    "           computed), shared_count_ok (null if not computed)\n"
    "  pairing: position, kind, surviving, dead, free_cells, maker_won,\n"
    "           found (null when Maker has already won), pairs [[a,b],..]\n"
    "           (private: [a,b,[set cells]]), hall [[set cells],..] and\n"
    "           hall_free_cells (private, none), cnf {variables, clauses} and\n"
    "           proof_bytes (shared)\n"
    "  solve:   position, to_move (\"maker\"|\"breaker\"), group_order (string),\n"
    "           group_used, group_orbits (the group was too large to enumerate\n"
    "           and only the root's moves and first replies were grouped by\n"
    "           its orbits), root_leaf (null or how the root was decided),\n"
    "           units [{move, copies, skipped, outcome (\"maker\"|\"breaker\"|\n"
    "           \"unknown\"|null when skipped), nodes, resumed, decided_at_once,\n"
    "           replies [units]}], outcome (\"maker\"|\"breaker\"|\"unknown\"),\n"
    "           winner (\"maker\"|\"breaker\"|null), nodes, certificate_nodes,\n"
    "           interrupted (null, or \"SIGINT\"|\"SIGTERM\" when a signal\n"
    "           stopped the run), seconds\n"
    "  check:   certificate (the path), valid (bool), reason (null or why it\n"
    "           is rejected), kind, result, then by kind: strategy: winner,\n"
    "           nodes, leaves, links, perms, maker_moves; pairing: pairs,\n"
    "           surviving, sets; hall: family, union_free; refutation:\n"
    "           variables, clauses, lemmas\n";

/* a string value as valid UTF-8 (E1: a file name or board given in another
 * encoding made the output invalid JSON): bytes that are not UTF-8 become
 * U+FFFD */
static void add_utf8(JsonBuilder *j, const char *v) {
  if (g_utf8_validate(v, -1, NULL)) {
    json_builder_add_string_value(j, v);
    return;
  }
  g_autofree char *u = g_utf8_make_valid(v, -1);
  json_builder_add_string_value(j, u);
}

static JsonBuilder *start(const char *command, const char *board) {
  JsonBuilder *j = json_builder_new();
  json_builder_begin_object(j);
  json_builder_set_member_name(j, "schema");
  json_builder_add_int_value(j, 1);
  json_builder_set_member_name(j, "command");
  json_builder_add_string_value(j, command);
  json_builder_set_member_name(j, "board");
  add_utf8(j, board);
  return j;
}

static void kint(JsonBuilder *j, const char *k, int64_t v) {
  json_builder_set_member_name(j, k);
  json_builder_add_int_value(j, v);
}
static void kstr(JsonBuilder *j, const char *k, const char *v) {
  json_builder_set_member_name(j, k);
  if (v) add_utf8(j, v);
  else json_builder_add_null_value(j);
}
static void kbool(JsonBuilder *j, const char *k, bool v) {
  json_builder_set_member_name(j, k);
  json_builder_add_boolean_value(j, v);
}
static void knull(JsonBuilder *j, const char *k) {
  json_builder_set_member_name(j, k);
  json_builder_add_null_value(j);
}
static void cell(JsonBuilder *j, const MbBoard *b, uint32_t c) {
  g_autofree char *n = bs_cell_name(b, c);
  json_builder_add_string_value(j, n);
}
static void set_cells(JsonBuilder *j, const MbBoard *b, uint32_t e) {
  json_builder_begin_array(j);
  for (size_t i = 0; i < hg_edge_size(b->h, e); i++) cell(j, b, hg_edge(b->h, e)[i]);
  json_builder_end_array(j);
}
static void pos_members(JsonBuilder *j, const MbBoard *b, const MbPosition *pos) {
  g_autofree char *mv = mb_position_string(b, pos);
  kstr(j, "position", mv);
}
static void maker_won(JsonBuilder *j, const MbBoard *b, const MbSurvivors *s) {
  json_builder_set_member_name(j, "maker_won");
  if (s->maker_won >= 0) set_cells(j, b, (uint32_t)s->maker_won);
  else json_builder_add_null_value(j);
}

static bool finish(FILE *f, JsonBuilder *j) {
  json_builder_end_object(j);
  JsonNode *root = json_builder_get_root(j);
  JsonGenerator *g = json_generator_new();
  json_generator_set_root(g, root);
  json_generator_set_pretty(g, TRUE);
  json_generator_set_indent(g, 2);
  gsize len;
  g_autofree char *text = json_generator_to_data(g, &len);
  bool ok = fwrite(text, 1, len, f) == len && fputc('\n', f) != EOF;
  g_object_unref(g);
  json_node_unref(root);
  g_object_unref(j);
  return ok;
}

bool mbj_info(FILE *f, const MbBoard *b, const MbPosition *pos, const MbSurvivors *s, const MbInfo *in) {
  JsonBuilder *j = start("info", b->name);
  pos_members(j, b, pos);
  kint(j, "cells", in->cells);
  kint(j, "sets", in->sets);
  kint(j, "maker_cells", pos->nmaker);
  kint(j, "breaker_cells", pos->nbreaker);
  kint(j, "surviving", in->surviving);
  kint(j, "dead", in->dead);
  kint(j, "free_cells", in->free_cells);
  maker_won(j, b, s);
  json_builder_set_member_name(j, "set_sizes");
  json_builder_begin_array(j);
  json_builder_add_int_value(j, in->min_size);
  json_builder_add_int_value(j, in->max_size);
  json_builder_end_array(j);
  json_builder_set_member_name(j, "degrees");
  json_builder_begin_array(j);
  json_builder_add_int_value(j, in->min_deg);
  json_builder_add_int_value(j, in->max_deg);
  json_builder_end_array(j);
  kstr(j, "es_sum", in->es_sum);
  kstr(j, "es_max_cell", in->es_max_cell);
  kstr(j, "es_total", in->es_total);
  kbool(j, "breaker_first_es", in->breaker_first_es);
  kbool(j, "breaker_second_es", in->breaker_second_es);
  kbool(j, "private_count_ok", in->private_count_ok);
  if (in->codeg_known) {
    kint(j, "max_codegree", (int64_t)in->max_codeg);
    kbool(j, "shared_count_ok", in->shared_count_ok);
  } else {
    knull(j, "max_codegree");
    knull(j, "shared_count_ok");
  }
  return finish(f, j);
}

bool mbj_pairing(FILE *f, const MbBoard *b, const MbPosition *pos, const MbSurvivors *s, const char *kind,
                 const MbResult *r) {
  JsonBuilder *j = start("pairing", b->name);
  pos_members(j, b, pos);
  kstr(j, "kind", kind);
  kint(j, "surviving", s->nsurv);
  kint(j, "dead", s->dead);
  kint(j, "free_cells", s->nfree);
  maker_won(j, b, s);
  bool private = strcmp(kind, "private") == 0;
  if (!r) {
    knull(j, "found");
    return finish(f, j);
  }
  kbool(j, "found", r->found);
  json_builder_set_member_name(j, "pairs");
  json_builder_begin_array(j);
  for (guint i = 0; r->found && i < r->pairs->len; i++) {
    MbPair p = g_array_index(r->pairs, MbPair, i);
    json_builder_begin_array(j);
    cell(j, b, p.a);
    cell(j, b, p.b);
    if (private) set_cells(j, b, p.set);
    json_builder_end_array(j);
  }
  json_builder_end_array(j);
  if (private) {
    json_builder_set_member_name(j, "hall");
    json_builder_begin_array(j);
    for (guint i = 0; !r->found && r->hall && i < r->hall->len; i++) set_cells(j, b, g_array_index(r->hall, uint32_t, i));
    json_builder_end_array(j);
    if (r->found) knull(j, "hall_free_cells");
    else kint(j, "hall_free_cells", r->hall_nbhd);
  } else {
    json_builder_set_member_name(j, "cnf");
    json_builder_begin_object(j);
    kint(j, "variables", r->nvars);
    kint(j, "clauses", (int64_t)r->nclauses);
    json_builder_end_object(j);
    if (r->found) knull(j, "proof_bytes");
    else kint(j, "proof_bytes", r->proof ? (int64_t)strlen(r->proof) : 0);
  }
  return finish(f, j);
}

static const char *outcome(MbOutcome o) { return o == MB_MAKER_WINS ? "maker" : o == MB_BREAKER_WINS ? "breaker" : "unknown"; }

static void unit(JsonBuilder *j, const MbUnitResult *u) {
  json_builder_begin_object(j);
  kstr(j, "move", u->move);
  kint(j, "copies", u->copies);
  kbool(j, "skipped", u->skipped);
  kstr(j, "outcome", u->skipped ? NULL : outcome(u->outcome));
  kint(j, "nodes", (int64_t)u->nodes);
  kbool(j, "resumed", u->resumed);
  kbool(j, "decided_at_once", u->leaf);
  json_builder_set_member_name(j, "replies");
  json_builder_begin_array(j);
  for (uint32_t i = 0; i < u->nsub && !u->skipped; i++) unit(j, &u->sub[i]);
  json_builder_end_array(j);
  json_builder_end_object(j);
}

bool mbj_solve(FILE *f, const MbBoard *b, const MbPosition *pos, const MbSolveResult *r, const char *interrupted) {
  JsonBuilder *j = start("solve", b->name);
  pos_members(j, b, pos);
  kint(j, "cells", b->ncells);
  kint(j, "sets", (int64_t)hg_ne(b->h));
  kstr(j, "to_move", r->maker_to_move ? "maker" : "breaker");
  kstr(j, "group_order", r->group_size);
  kbool(j, "group_used", r->group_used);
  kbool(j, "group_orbits", r->group_orbits);
  kstr(j, "root_leaf", r->root_leaf);
  json_builder_set_member_name(j, "units");
  json_builder_begin_array(j);
  for (uint32_t i = 0; i < r->nunits; i++) unit(j, &r->units[i]);
  json_builder_end_array(j);
  kstr(j, "outcome", outcome(r->outcome));
  kstr(j, "winner", r->outcome == MB_UNKNOWN ? NULL : outcome(r->outcome));
  kint(j, "nodes", (int64_t)r->nodes);
  kint(j, "certificate_nodes", (int64_t)r->proof);
  kstr(j, "interrupted", interrupted);
  json_builder_set_member_name(j, "seconds");
  json_builder_add_double_value(j, (double)(int64_t)(r->seconds * 1000 + 0.5) / 1000);
  return finish(f, j);
}

bool mbj_check(FILE *f, const char *board, const char *cert, CcResult res, const CcReport *rep, const char *why) {
  JsonBuilder *j = start("check", board);
  kstr(j, "certificate", cert);
  kbool(j, "valid", res == CC_VALID);
  kstr(j, "reason", res == CC_VALID ? NULL : why);
  kstr(j, "kind", rep->kind[0] ? rep->kind : NULL);
  kstr(j, "result", rep->result[0] ? rep->result : NULL);
  if (res == CC_VALID) {
    if (strcmp(rep->kind, "strategy") == 0) {
      kstr(j, "winner", rep->result);
      kint(j, "nodes", (int64_t)rep->nodes);
      kint(j, "leaves", (int64_t)rep->leaves);
      kint(j, "links", (int64_t)rep->links);
      kint(j, "perms", (int64_t)rep->perms);
      kint(j, "maker_moves", rep->maker_moves);
    } else if (strcmp(rep->result, "pairing") == 0) {
      kint(j, "pairs", (int64_t)rep->pairs);
      kint(j, "surviving", (int64_t)rep->surviving);
      kint(j, "sets", (int64_t)rep->sets);
    } else if (strcmp(rep->result, "hall") == 0) {
      kint(j, "family", (int64_t)rep->family);
      kint(j, "union_free", (int64_t)rep->union_free);
    } else {
      kint(j, "variables", (int64_t)rep->vars);
      kint(j, "clauses", (int64_t)rep->clauses);
      kint(j, "lemmas", (int64_t)rep->lemmas);
    }
  }
  return finish(f, j);
}
