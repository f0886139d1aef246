// Words for a message about a name nobody knows (a key, a body, a law, a choice): the known name it
// most likely misspells, found by the edit distance that counts a swap of two neighbours as one
// edit (Damerau's "optimal string alignment"), and the known names listed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace stickslip {

// The known name nearest to `wrong` within a few edits (one for names of up to four characters,
// two up to eight, three beyond), ignoring case; "" when none is that near. Ties go to the first.
std::string nearest_name(std::string_view wrong, const std::vector<std::string>& known);

// "did you mean 'mass'? " before a list of names in a message, or "" when no name is near.
std::string did_you_mean(std::string_view wrong, const std::vector<std::string>& known);

// "a, b, c": at most `limit` names, then ", ... (N in all)".
std::string name_list(const std::vector<std::string>& names, std::size_t limit = 24);

}  // namespace stickslip
