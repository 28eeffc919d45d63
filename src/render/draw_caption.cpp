// The caption band above each panel: model, h, t, overlap, solver status, row counts, legend.
#include "draw.h"

#include <pegsim/lcp/result.h>

#include <cstdio>
#include <string>
#include <utility>

namespace pegsim::render_detail {
namespace {

struct LegendItem {
  Rgb colour;
  std::string label;
};

// Overlap is an area in 2D, a volume in 3D (metrics.h).
const char* overlap_unit(const Frame& frame) { return frame.is_3d() ? "m^3" : "m^2"; }

std::string title_line(const Frame& frame) {
  char text[320];
  if (!frame.note.empty()) {  // e.g. a run that stopped before this frame: its last state
    std::snprintf(text, sizeof text, "%s   h = %g s   t = %.3f s   overlap %.3g %s", frame.model.c_str(),
                  frame.time_step, frame.time, frame.overlap_area, overlap_unit(frame));
  } else if (!frame.has_step) {
    std::snprintf(text, sizeof text, "%s   h = %g s   t = %.3f s   initial state", frame.model.c_str(),
                  frame.time_step, frame.time);
  } else {
    std::snprintf(text, sizeof text, "%s   h = %g s   t = %.3f s   step %d   overlap %.3g %s", frame.model.c_str(),
                  frame.time_step, frame.time, frame.step, frame.overlap_area, overlap_unit(frame));
  }
  return text;
}

std::string status_line(const Frame& frame) {
  if (!frame.note.empty()) return frame.note;
  if (!frame.has_step) return "";
  char text[320];
  std::snprintf(text, sizeof text, "solver %s%s%s%s   contacts %zu   LCP %d   U %d  I %d  X %d  groups %d  traps %d",
                to_string(frame.solver_status), frame.solver.empty() ? "" : " (", frame.solver.c_str(),
                frame.solver.empty() ? "" : ")", frame.proximity.contact_count(), frame.rows.size(),
                frame.rows.unilateral_constraints, frame.rows.intercontact_constraints,
                frame.rows.cross_contact_constraints, frame.rows.groups, frame.rows.traps);
  return text;
}

std::vector<LegendItem> legend(const Overlays& overlays, double impulse_scale) {
  std::vector<LegendItem> items;
  if (overlays.contacts) items.push_back({kContactDot, "contact"});
  if (overlays.normals) items.push_back({kNormalBlue, "normal"});
  if (overlays.impulses) {
    char text[96];
    if (impulse_scale > 0.0) {
      std::snprintf(text, sizeof text, "impulse (10 px = %.3g N s)", 10.0 / impulse_scale);
    } else {
      std::snprintf(text, sizeof text, "impulse (scaled per frame)");
    }
    items.push_back({kImpulseGreen, text});
  }
  if (overlays.constraints) {
    items.push_back({kUnilateralBlue, "U"});
    items.push_back({kIntercontactOrange, "I"});
    items.push_back({kCrossContactGreen, "X"});
    items.push_back({kGroupPurple, "group"});
  }
  if (overlays.traps) items.push_back({kTrapMagenta, "trap"});
  if (overlays.overlap) items.push_back({kOverlapRed, "overlap"});
  return items;
}

double text_width(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text.c_str(), &extents);
  return extents.x_advance;
}

void show_text(cairo_t* cr, double x, double y, const std::string& text) {
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, text.c_str());
}

// A swatch and a label per enabled overlay.
void draw_legend_line(cairo_t* cr, const Overlays& overlays, const CaptionStyle& style, double x, double baseline) {
  const double swatch = 0.75 * style.font_size;
  for (const LegendItem& item : legend(overlays, style.impulse_scale)) {
    cairo_rectangle(cr, x, baseline - swatch, swatch, swatch);
    set_colour(cr, item.colour);
    cairo_fill(cr);
    x += swatch + 0.3 * style.font_size;
    set_colour(cr, Rgb{0.1, 0.1, 0.1});
    show_text(cr, x, baseline, item.label);
    x += text_width(cr, item.label) + 0.8 * style.font_size;
  }
}

}  // namespace

int caption_lines(const Overlays& overlays) { return overlays.any() ? 3 : 2; }

void draw_caption(cairo_t* cr, const Frame& frame, const Overlays& overlays, const CaptionStyle& style) {
  cairo_save(cr);
  cairo_rectangle(cr, style.x0, style.y0, style.width, style.height);
  cairo_clip(cr);
  set_colour(cr, Rgb{0.96, 0.96, 0.96});
  cairo_paint(cr);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, style.font_size);
  const double line_height = 1.45 * style.font_size;
  const double x = style.x0 + 0.6 * style.font_size;
  double baseline = style.y0 + 0.4 * style.font_size + style.font_size;
  set_colour(cr, Rgb{0.1, 0.1, 0.1});
  show_text(cr, x, baseline, title_line(frame));
  baseline += line_height;
  // A failed solve is shown in red: the frame's state came from an unverified iterate.
  const bool failed = !frame.note.empty() || (frame.has_step && frame.solver_status != SolveStatus::Solved);
  set_colour(cr, failed ? kOverlapRed : Rgb{0.1, 0.1, 0.1});
  show_text(cr, x, baseline, status_line(frame));
  baseline += line_height;
  set_colour(cr, Rgb{0.1, 0.1, 0.1});
  if (caption_lines(overlays) > 2) draw_legend_line(cr, overlays, style, x, baseline);
  cairo_restore(cr);
  // Separator between caption and scene.
  cairo_move_to(cr, style.x0, style.y0 + style.height - 0.5);
  cairo_line_to(cr, style.x0 + style.width, style.y0 + style.height - 0.5);
  set_colour(cr, Rgb{0.75, 0.75, 0.75});
  cairo_set_line_width(cr, 1.0);
  cairo_stroke(cr);
}

}  // namespace pegsim::render_detail
