// The 3D row emitters' view of a ModelContext (model.h).
#include <pegsim/contact/contact_rows_3d.h>
#include <pegsim/contact/model.h>

namespace pegsim {

ContactRows3dContext rows_context_3d(const ModelContext& context) {
  ContactRows3dContext context3d;
  context3d.time_step = context.time_step;
  context3d.bodies = context.bodies3d;
  context3d.dof_offset = context.dof_offset;
  context3d.pair_friction = context.pair_friction;
  context3d.nu_free = context.nu_free;
  context3d.cone = context.options.cone_3d;
  return context3d;
}

}  // namespace pegsim
