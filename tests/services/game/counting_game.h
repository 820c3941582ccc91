#pragma once
// A tiny test-only game, compiled into the service tests and injected into the catalog (never
// registered in rules/): 2 or 3 players take turns adding "1" or "2" to a shared count, plus one
// random bonus draw (0 or 1) per move; whoever brings the count to 10 or more wins. A resigning
// seat leaves; the last seat left wins.
//
// Option "target" (default 10) sets the count to reach, so long games exist for race tests.
// Position: "count=<n>;turn=<seat>;seats=<n>;out=<bitmask>;winner=<seat or -1>;target=<n>"

#include "rules/core/game.h"

namespace testgame {

const rules::GameDef& counting_game();

}  // namespace testgame
