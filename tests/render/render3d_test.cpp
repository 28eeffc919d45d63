// 3D pictures (issue 12 item 8): the perspective camera's projection, the --camera text, the
// painter's order, and rendered frames: a cube on a slab is drawn where it is with its faces shaded
// apart, an overlapping pair shows red and a separated one does not, contacts sit on the bodies.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/render/camera3d.h>
#include <pegsim/render/contact_marks_3d.h>
#include <pegsim/render/draw_order_3d.h>
#include <pegsim/render/frame.h>
#include <pegsim/render/renderer.h>
#include <pegsim/scene/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace pegsim {
namespace {

namespace fs = std::filesystem;

const Viewport kViewport{0.0, 0.0, 640.0, 480.0};

Body3d box_body(const std::string& name, const Vec3& half, const Vec3& position, bool is_static) {
  Body3d b;
  b.name = name;
  b.shape = box_polyhedron(-half, half);
  b.is_static = is_static;
  b.position = position;
  return b;
}

Scene scene_of(std::vector<Body3d> bodies) {
  Scene scene;
  scene.dimension = 3;
  scene.bodies3d = std::move(bodies);
  return scene;
}

// A 4 x 4 x 0.2 m slab with its top at z = 0 and a 0.4 m cube resting on it.
Scene cube_on_slab() {
  return scene_of({box_body("slab", Vec3(2, 2, 0.1), Vec3(0, 0, -0.1), true),
                   box_body("cube", Vec3(0.2, 0.2, 0.2), Vec3(0, 0, 0.2), false)});
}

Frame frame_of(const Scene& scene) {
  Frame frame;
  frame.bodies3d = scene.bodies3d;
  frame.active.assign(scene.bodies3d.size(), 1);
  frame.model = "test";
  frame.time_step = 0.01;
  return frame;
}

RenderOptions options(bool overlap = false) {
  RenderOptions o;
  o.panel_width = 640;
  o.caption = false;
  o.overlays.overlap = overlap;
  return o;
}

bool is_white(const std::uint8_t* px) { return px[0] == 255 && px[1] == 255 && px[2] == 255; }
bool is_red(const std::uint8_t* px) { return px[0] > 180 && px[1] < 70 && px[2] < 70; }

// Red pixels from row y0 down (below the caption, whose legend has a red swatch).
int count_red(const RasterImage& image, int y0 = 0) {
  int n = 0;
  for (int y = y0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) n += is_red(image.pixel(x, y));
  }
  return n;
}

const std::uint8_t* pixel_at(const RasterImage& image, const Vec2& p) {
  return image.pixel(static_cast<int>(p.x()), static_cast<int>(p.y()));
}

int colour_distance(const std::uint8_t* a, const std::uint8_t* b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

// --- camera -------------------------------------------------------------------------------------

TEST(Camera3d, APointOnTheAxisProjectsToTheImageCentre) {
  const Vec3 eye(3, -4, 2), target(0, 0, 0.5);
  const Camera3d camera(eye, target, 40.0, kViewport);
  for (double t : {0.5, 1.0, 3.0}) {
    const auto p = camera.project(eye + t * (target - eye));
    ASSERT_TRUE(p.has_value());
    EXPECT_NEAR(p->pixel.x(), 320.0, 1e-9);
    EXPECT_NEAR(p->pixel.y(), 240.0, 1e-9);
    EXPECT_NEAR(p->depth, t * (target - eye).norm(), 1e-12);
  }
  // The vertical field of view spans the viewport's height.
  const double half = std::tan(20.0 * 3.14159265358979323846 / 180.0);
  EXPECT_NEAR(camera.focal_pixels(), 240.0 / half, 1e-9);
}

TEST(Camera3d, ZIsUpAndTheRightOfTheViewIsRightInTheImage) {
  const Camera3d camera(Vec3(0, -5, 0), Vec3::Zero(), 40.0, kViewport);  // looking along +y
  const auto above = camera.project(Vec3(0, 0, 1));
  const auto right = camera.project(Vec3(1, 0, 0));
  ASSERT_TRUE(above && right);
  EXPECT_LT(above->pixel.y(), 240.0);
  EXPECT_NEAR(above->pixel.x(), 320.0, 1e-9);
  EXPECT_GT(right->pixel.x(), 320.0);
  EXPECT_NEAR(right->pixel.y(), 240.0, 1e-9);
  // Straight down is allowed: the image's up is then +y.
  const Camera3d down(Vec3(0, 0, 5), Vec3::Zero(), 40.0, kViewport);
  const auto north = down.project(Vec3(0, 1, 0));
  ASSERT_TRUE(north);
  EXPECT_LT(north->pixel.y(), 240.0);
}

TEST(Camera3d, DepthOrdersPointsAlongTheViewAndPointsBehindAreCulled) {
  const Camera3d camera(Vec3(0, -5, 1), Vec3(0, 0, 1), 50.0, kViewport);
  const auto near = camera.project(Vec3(0.3, -1, 1.2));
  const auto far = camera.project(Vec3(0.3, 2, 1.2));
  ASSERT_TRUE(near && far);
  EXPECT_LT(near->depth, far->depth);
  // Farther points at the same offset lie nearer the image centre.
  EXPECT_LT(std::abs(far->pixel.x() - 320.0), std::abs(near->pixel.x() - 320.0));
  EXPECT_FALSE(camera.project(Vec3(0, -6, 1)).has_value());    // behind the eye
  EXPECT_FALSE(camera.project(Vec3(0, -5, 1)).has_value());    // at the eye
  EXPECT_FALSE(camera.project(Vec3(50, -5.001, 1)).has_value());  // beside it, not in front
  EXPECT_FALSE(camera.in_front(Vec3(3, -5.5, 0)));
}

TEST(Camera3d, RejectsAnEyeOnTheTargetAndBadFieldsOfView) {
  EXPECT_THROW(Camera3d(Vec3(1, 1, 1), Vec3(1, 1, 1), 40.0, kViewport), std::invalid_argument);
  EXPECT_THROW(Camera3d(Vec3(0, -5, 0), Vec3::Zero(), 0.0, kViewport), std::invalid_argument);
  EXPECT_THROW(Camera3d(Vec3(0, -5, 0), Vec3::Zero(), 180.0, kViewport), std::invalid_argument);
  EXPECT_THROW(Camera3d(Vec3(0, -5, NAN), Vec3::Zero(), 40.0, kViewport), std::invalid_argument);
  EXPECT_THROW(Camera3d(Vec3(0, -5, 0), Vec3::Zero(), 40.0, Viewport{0, 0, 0, 10}), std::invalid_argument);
}

TEST(Camera3d, DefaultViewFramesTheBoundsFromAThreeQuarterViewAbove) {
  Bounds3d bounds;
  bounds.include(Vec3(-5, -2, -0.25));
  bounds.include(Vec3(5, 2, 3.75));
  const double margin = 14.0;
  const Camera3d camera = frame_bounds(bounds, kViewport, margin);
  EXPECT_GT(camera.eye().z(), bounds.centre().z());  // above
  EXPECT_LT(camera.eye().y(), bounds.lo.y());        // in front (-y side)
  EXPECT_GT(camera.eye().x(), bounds.centre().x());  // and to the right: a 3/4 view
  EXPECT_NEAR((camera.target() - bounds.centre()).norm(), 0.0, 1e-12);
  double min_x = 1e9, max_x = -1e9, min_y = 1e9, max_y = -1e9;
  for (const Vec3& c : bounds.corners()) {
    const auto p = camera.project(c);
    ASSERT_TRUE(p);
    min_x = std::min(min_x, p->pixel.x());
    max_x = std::max(max_x, p->pixel.x());
    min_y = std::min(min_y, p->pixel.y());
    max_y = std::max(max_y, p->pixel.y());
  }
  EXPECT_GE(min_x, margin - 1e-6);
  EXPECT_LE(max_x, 640.0 - margin + 1e-6);
  EXPECT_GE(min_y, margin - 1e-6);
  EXPECT_LE(max_y, 480.0 - margin + 1e-6);
  // Tight: the picture touches the margin on one axis.
  EXPECT_TRUE(min_x < margin + 2.0 || max_y > 480.0 - margin - 2.0 || min_y < margin + 2.0 || max_x > 640.0 - margin - 2.0);
}

TEST(CameraSpec, ParsesEyeTargetAndFieldOfView) {
  const CameraSpec3d eye_only = parse_camera_spec("3,-4,2.5");
  EXPECT_EQ(eye_only.eye, Vec3(3, -4, 2.5));
  EXPECT_FALSE(eye_only.target || eye_only.fov_deg);
  const CameraSpec3d full = parse_camera_spec(" 3, -4, 2.5 ,0,0,0.5,35");
  ASSERT_TRUE(full.target && full.fov_deg);
  EXPECT_EQ(*full.target, Vec3(0, 0, 0.5));
  EXPECT_EQ(*full.fov_deg, 35.0);
  for (const char* bad : {"", "1,2", "1,2,3,4", "1,2,3,4,5,6,7,8", "1,2,x", "1,2,3,", "1,2,inf", "1,2,3,1,2,3",
                          "0,0,1,0,0,0,0", "0,0,1,0,0,0,180"}) {
    EXPECT_THROW(parse_camera_spec(bad), std::invalid_argument) << bad;
  }
  try {
    parse_camera_spec("1,2,abc");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("eye z"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("abc"), std::string::npos) << e.what();
  }
}

TEST(CameraSpec, AnEyeAloneLooksAtTheSceneAndFitsTheFieldOfView) {
  Bounds3d bounds;
  bounds.include(Vec3(-1, -1, 0));
  bounds.include(Vec3(1, 1, 1));
  CameraSpec3d spec;
  spec.eye = Vec3(0, -6, 3);
  const Camera3d camera = camera_from_spec(spec, bounds, kViewport, 10.0);
  EXPECT_NEAR((camera.target() - bounds.centre()).norm(), 0.0, 1e-12);
  EXPECT_GT(camera.fov_deg(), 5.0);
  EXPECT_LT(camera.fov_deg(), 60.0);
  for (const Vec3& c : bounds.corners()) {
    const auto p = camera.project(c);
    ASSERT_TRUE(p);
    EXPECT_GE(p->pixel.y(), 10.0 - 1e-6);
    EXPECT_LE(p->pixel.y(), 470.0 + 1e-6);
  }
  spec.eye = bounds.centre();  // on the default target
  EXPECT_THROW(camera_from_spec(spec, bounds, kViewport, 10.0), std::invalid_argument);
}

// --- painter's order ----------------------------------------------------------------------------

TEST(PainterOrder, ASmallCubeOnALongSlabIsDrawnAfterItThoughTheSlabsCentreIsNearer) {
  // The slab reaches towards the camera; the cube sits on its far end.
  const Polyhedron slab = transformed(box_polyhedron(Vec3(-1, -6, -0.1), Vec3(1, 6, 0.1)), Eigen::Quaterniond::Identity(), Vec3(0, 0, -0.1));
  const Polyhedron cube = transformed(box_polyhedron(Vec3::Constant(-0.2), Vec3::Constant(0.2)), Eigen::Quaterniond::Identity(), Vec3(0, 5, 0.2));
  const Camera3d camera(Vec3(0, -9, 3), Vec3(0, 2, 0), 50.0, kViewport);
  ASSERT_LT(camera.depth(Vec3(0, 0, -0.1)), camera.depth(Vec3(0, 5, 0.2)));  // centroids mislead
  EXPECT_EQ(behind_by_separation(slab, cube, camera.eye()), 1);
  EXPECT_EQ(behind_by_separation(cube, slab, camera.eye()), -1);
  EXPECT_EQ(painter_order({&cube, &slab}, camera), (std::vector<int>{1, 0}));
  // Seen from below the slab, the slab is in front.
  const Camera3d below(Vec3(0, -9, -3), Vec3(0, 2, 0), 50.0, kViewport);
  EXPECT_EQ(painter_order({&cube, &slab}, below), (std::vector<int>{0, 1}));
}

TEST(PainterOrder, FarthestFirstAndBodiesBehindTheCameraLeftOut) {
  const auto cube_at = [](const Vec3& p) {
    return transformed(box_polyhedron(Vec3::Constant(-0.5), Vec3::Constant(0.5)), Eigen::Quaterniond::Identity(), p);
  };
  const Polyhedron near = cube_at(Vec3(0, 0, 0)), far = cube_at(Vec3(0.3, 4, 0.2)), behind = cube_at(Vec3(0, -12, 0));
  const Camera3d camera(Vec3(0, -6, 0.5), Vec3(0, 0, 0), 50.0, kViewport);
  EXPECT_EQ(painter_order({&near, nullptr, &far, &behind}, camera), (std::vector<int>{2, 0}));
}

// --- rendered frames ----------------------------------------------------------------------------

TEST(Renderer3d, ACubeOnASlabIsDrawnWhereItIsWithItsFacesShadedApart) {
  const Scene scene = cube_on_slab();
  const Renderer renderer(options(), scene, 0.01);
  ASSERT_TRUE(renderer.is_3d());
  EXPECT_EQ(renderer.width(), 640);
  EXPECT_EQ(renderer.height(), 480);
  const Frame frame = frame_of(scene);
  const RasterImage image = renderer.rasterize({&frame});
  const Camera3d& camera = renderer.camera3d();
  // The cube's picture: its projected box is mostly covered, and its centre is not background.
  const Polyhedron cube = scene.bodies3d[1].world_shape();
  Vec2 lo = Vec2::Constant(1e9), hi = Vec2::Constant(-1e9);
  for (const Vec3& v : cube.vertices) {
    const auto p = camera.project(v);
    ASSERT_TRUE(p);
    lo = lo.cwiseMin(p->pixel);
    hi = hi.cwiseMax(p->pixel);
  }
  ASSERT_GT(hi.x() - lo.x(), 20.0);
  int covered = 0, total = 0;
  for (int y = static_cast<int>(lo.y()) + 2; y < static_cast<int>(hi.y()) - 2; ++y) {
    for (int x = static_cast<int>(lo.x()) + 2; x < static_cast<int>(hi.x()) - 2; ++x) {
      ++total;
      covered += !is_white(image.pixel(x, y));
    }
  }
  EXPECT_GT(covered, 0.9 * total);
  // Faces seen (top, +x, -y under the default view) get different shades of one colour.
  std::vector<const std::uint8_t*> seen;
  for (const PolyhedronFace& face : cube.faces) {
    Vec3 centre = Vec3::Zero();
    for (int v : face.vertices) centre += cube.vertices[static_cast<std::size_t>(v)];
    centre /= static_cast<double>(face.vertices.size());
    if (face.normal.dot(camera.eye() - centre) <= 0.0) continue;
    seen.push_back(pixel_at(image, camera.project(centre)->pixel));
  }
  ASSERT_EQ(seen.size(), 3u);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_FALSE(is_white(seen[i]));
    for (std::size_t j = i + 1; j < seen.size(); ++j) EXPECT_GT(colour_distance(seen[i], seen[j]), 20) << i << " " << j;
  }
  // Background away from the scene: the image's top corners, above the slab.
  EXPECT_TRUE(is_white(image.pixel(3, 3)));
  EXPECT_TRUE(is_white(image.pixel(636, 3)));
  // The slab (grey, see-through) is drawn too: below the cube, at the slab's near corner.
  const auto corner = camera.project(Vec3(1.9, -1.9, 0.0));
  ASSERT_TRUE(corner);
  EXPECT_FALSE(is_white(pixel_at(image, corner->pixel + Vec2(0, -3))));
}

TEST(Renderer3d, AnOverlappingPairIsRedAndASeparatedPairIsNot) {
  const Scene overlapping = scene_of({box_body("a", Vec3::Constant(0.5), Vec3(0, 0, 0), false),
                                      box_body("b", Vec3::Constant(0.5), Vec3(0.7, 0.2, 0.3), false)});
  const Scene apart = scene_of({box_body("a", Vec3::Constant(0.5), Vec3(0, 0, 0), false),
                                box_body("b", Vec3::Constant(0.5), Vec3(1.2, 0.2, 0.3), false)});
  for (const bool overlap_on : {true, false}) {
    const Frame o = frame_of(overlapping), a = frame_of(apart);
    const int red_overlapping = count_red(Renderer(options(overlap_on), overlapping, 0.01).rasterize({&o}));
    const int red_apart = count_red(Renderer(options(overlap_on), apart, 0.01).rasterize({&a}));
    if (overlap_on) {
      EXPECT_GT(red_overlapping, 100);
    } else {
      EXPECT_EQ(red_overlapping, 0);  // the overlay is off
    }
    EXPECT_EQ(red_apart, 0);
  }
}

TEST(Renderer3d, WritesAPngOfTheRequestedSizeWithACaptionAndACustomCamera) {
  RenderOptions o = options(true);
  o.panel_width = 320;
  o.caption = true;
  o.grid = true;
  o.overlays.contacts = o.overlays.normals = true;
  o.camera3d = parse_camera_spec("2,-3,1.5,0,0,0.1,30");
  const Scene scene = cube_on_slab();
  const Renderer renderer(o, scene, 0.01);
  EXPECT_EQ(renderer.camera3d().fov_deg(), 30.0);
  EXPECT_EQ(renderer.camera3d().eye(), Vec3(2, -3, 1.5));
  const Frame frame = frame_of(scene);
  const std::string path = (fs::path(testing::TempDir()) / "render3d.png").string();
  renderer.write({&frame}, ImageFormat::Png, path);
  const RasterImage image = read_png(path);
  EXPECT_EQ(image.width, 320);
  EXPECT_EQ(image.height, renderer.height());
  EXPECT_GT(image.height, 240);  // 4:3 scene area plus the caption
  // An eye on the scene's centre cannot look anywhere.
  o.camera3d = CameraSpec3d{scene_bounds_3d(scene.bodies3d).centre(), std::nullopt, std::nullopt};
  EXPECT_THROW(Renderer(o, scene, 0.01), RenderError);
}

TEST(Renderer3d, SimulatedFramesCarryTheBodiesAndContactsSitOnThem) {
  Scene scene = load_scene(std::string(PEGSIM_SOURCE_DIR) + "/scenes/cube_on_slab_3d.json");
  SimulationOptions sim_options;
  sim_options.time_step = 0.01;
  Simulation simulation(scene, sim_options);
  const Frame initial = capture_initial_frame(simulation);
  EXPECT_TRUE(initial.is_3d());
  EXPECT_EQ(initial.bodies3d.size(), 2u);
  EXPECT_TRUE(contact_marks_3d(initial).empty());  // no step yet
  std::vector<Frame> frames;
  RunOptions run;
  run.duration = 0.05;
  run_simulation(simulation, run, [&](const Simulation& sim, const StepMeasurement& m) { frames.push_back(capture_frame(sim, m)); });
  ASSERT_EQ(frames.size(), 5u);
  const std::vector<ContactMark3d> marks = contact_marks_3d(frames.back());
  ASSERT_FALSE(marks.empty());
  for (const ContactMark3d& mark : marks) {
    EXPECT_NEAR(mark.point.z(), 0.0, 1e-6);               // on the slab's top
    EXPECT_NEAR(std::abs(mark.normal.z()), 1.0, 1e-9);     // vertical
    EXPECT_LE(mark.point.head<2>().cwiseAbs().maxCoeff(), 0.1 + 1e-6);  // under the 0.2 m cube
  }
  RenderOptions o = options(true);
  o.caption = true;
  o.overlays.contacts = o.overlays.normals = true;
  const Renderer renderer(o, scene, 0.01);
  const RasterImage image = renderer.rasterize({&frames.back()});
  EXPECT_GT(count_red(image), 0);                           // the legend's overlap swatch
  EXPECT_EQ(count_red(image, renderer.height() - 480), 0);  // the scene: resting, no overlap
}

}  // namespace
}  // namespace pegsim
