// Free-space descriptions of the models (free_space.h): the default (every contact on its own) and
// the Egan/Nguyen groups and vertex–vertex sites (configuration_sets.h). PEG's is in peg_sites.cpp.
#include <pegsim/contact/model.h>

#include "configuration_sets.h"

namespace pegsim {

FreeSpace ContactModel::free_space(const ProximityResult& proximity, const ModelContext& /*context*/) const {
  FreeSpace space;
  for (int i = 0; i < static_cast<int>(proximity.contact_count()); ++i) space.always.push_back(i);
  return space;
}

FreeSpace grouped_free_space(const ProximityResult& proximity, const ModelContext& context) {
  return grouped_layout_free_space(grouped_layout(proximity, context));
}

}  // namespace pegsim
