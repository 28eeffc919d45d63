// The renderer: image sizes on disk, bodies drawn where they are, overlap drawn red with the right
// area, SVG output, side-by-side panels, impulses taken from the step's z.
#include <pegsim/dynamics/run.h>
#include <pegsim/dynamics/simulation.h>
#include <pegsim/render/camera.h>
#include <pegsim/render/frame.h>
#include <pegsim/render/overlays.h>
#include <pegsim/render/renderer.h>
#include <pegsim/render/video.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace pegsim {
namespace {

namespace fs = std::filesystem;

Body box(const std::string& name, double half_w, double half_h, const Vec2& position, bool is_static) {
  Body b;
  b.name = name;
  b.local_vertices = {Vec2(-half_w, -half_h), Vec2(half_w, -half_h), Vec2(half_w, half_h), Vec2(-half_w, half_h)};
  b.is_static = is_static;
  b.mass = 1.0;
  b.inertia = b.mass * (4 * half_w * half_w + 4 * half_h * half_h) / 12.0;
  b.position = position;
  return b;
}

// A floor (top at y = 0) and a 0.2 m box resting on it.
Scene floor_and_box() {
  Scene scene;
  scene.bodies.push_back(box("floor", 1.0, 0.1, Vec2(0.0, -0.1), true));
  scene.bodies.push_back(box("box", 0.1, 0.1, Vec2(0.0, 0.1), false));
  return scene;
}

Frame frame_of(const Scene& scene) {
  Frame frame;
  frame.bodies = scene.bodies;
  frame.active.assign(scene.bodies.size(), 1);
  frame.model = "test";
  frame.time_step = 0.01;
  return frame;
}

std::string temp_path(const std::string& name) { return (fs::path(testing::TempDir()) / name).string(); }

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Width and height from the PNG's IHDR chunk (bytes 16..23, big-endian), read without Cairo.
std::pair<int, int> png_header_size(const std::string& path) {
  const std::string bytes = file_text(path);
  EXPECT_GE(bytes.size(), 24u);
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
  EXPECT_EQ(bytes.substr(12, 4), "IHDR");
  auto be32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return static_cast<int>(v);
  };
  return {be32(16), be32(20)};
}

bool is_white(const RasterImage& image, const Vec2& p) {
  const std::uint8_t* px = image.pixel(static_cast<int>(p.x()), static_cast<int>(p.y()));
  return px[0] == 255 && px[1] == 255 && px[2] == 255;
}

bool is_red(const std::uint8_t* px) { return px[0] > 180 && px[1] < 70 && px[2] < 70; }

int count_red(const RasterImage& image) {
  int n = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) n += is_red(image.pixel(x, y));
  }
  return n;
}

TEST(Camera, FitsTheViewKeepingAspectAndFlippingY) {
  Bounds view;
  view.include(Vec2(-1.0, 0.0));
  view.include(Vec2(1.0, 0.5));
  const Camera camera = fit_camera(view, 0.0, 50.0, 400.0, 300.0, 10.0);
  // Width limits: 380 px for 2 m.
  EXPECT_DOUBLE_EQ(camera.scale, 190.0);
  const Vec2 lower_left = camera.to_pixel(Vec2(-1.0, 0.0));
  const Vec2 upper_right = camera.to_pixel(Vec2(1.0, 0.5));
  EXPECT_NEAR(lower_left.x(), 10.0, 1e-9);
  EXPECT_NEAR(upper_right.x(), 390.0, 1e-9);
  EXPECT_GT(lower_left.y(), upper_right.y());  // world y up, image y down
  EXPECT_NEAR(0.5 * (lower_left.y() + upper_right.y()), 200.0, 1e-9);  // centred in [50, 350]
  EXPECT_THROW(fit_camera(Bounds{}, 0, 0, 100, 100, 5), std::invalid_argument);
  EXPECT_THROW(fit_camera(view, 0, 0, 10, 100, 5), std::invalid_argument);
}

TEST(Overlays, ParsesNamesAndRejectsUnknownOnes) {
  const Overlays o = parse_overlays(" contacts, impulses,,overlap ");
  EXPECT_TRUE(o.contacts && o.impulses && o.overlap);
  EXPECT_FALSE(o.normals || o.constraints || o.traps);
  EXPECT_TRUE(parse_overlays("all").traps);
  EXPECT_FALSE(parse_overlays("").any());
  try {
    parse_overlays("contacts,sparkles");
    FAIL() << "unknown overlay accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("sparkles"), std::string::npos);
  }
}

TEST(Renderer, PngOnDiskHasTheImageSizeAndBodiesAreDrawnWhereTheyAre) {
  const Scene scene = floor_and_box();
  RenderOptions options;
  options.panel_width = 320;
  const Renderer renderer(options, scene, 0.01);
  EXPECT_EQ(renderer.width(), 320);
  EXPECT_EQ(renderer.width() % 2, 0);
  EXPECT_EQ(renderer.height() % 2, 0);
  const Frame frame = frame_of(scene);
  const std::string path = temp_path("render_box.png");
  renderer.write({&frame}, ImageFormat::Png, path);
  ASSERT_TRUE(fs::exists(path));
  const auto [w, h] = png_header_size(path);
  EXPECT_EQ(w, renderer.width());
  EXPECT_EQ(h, renderer.height());

  const RasterImage image = read_png(path);
  ASSERT_EQ(image.width, w);
  ASSERT_EQ(image.height, h);
  const Camera& camera = renderer.camera();
  EXPECT_FALSE(is_white(image, camera.to_pixel(Vec2(0.0, 0.1))));   // the box's centre
  EXPECT_FALSE(is_white(image, camera.to_pixel(Vec2(0.7, -0.1))));  // the floor
  EXPECT_TRUE(is_white(image, camera.to_pixel(Vec2(0.7, 0.15))));   // empty space above the floor
  // Grey floor, coloured box.
  const std::uint8_t* floor_px = image.pixel(static_cast<int>(camera.to_pixel(Vec2(0.7, -0.1)).x()),
                                             static_cast<int>(camera.to_pixel(Vec2(0.7, -0.1)).y()));
  EXPECT_EQ(floor_px[0], floor_px[1]);
  EXPECT_EQ(floor_px[1], floor_px[2]);
  const Vec2 c = camera.to_pixel(Vec2(0.0, 0.1));
  const std::uint8_t* box_px = image.pixel(static_cast<int>(c.x()), static_cast<int>(c.y()));
  EXPECT_FALSE(box_px[0] == box_px[1] && box_px[1] == box_px[2]);
}

TEST(Renderer, OverlapRegionIsRedWithItsArea) {
  Scene scene;
  scene.bodies.push_back(box("a", 0.2, 0.2, Vec2(0.0, 0.0), false));
  scene.bodies.push_back(box("b", 0.2, 0.2, Vec2(0.3, 0.1), false));  // overlap 0.1 x 0.3 m
  RenderOptions options;
  options.panel_width = 400;
  options.caption = false;  // its legend has a red swatch
  options.overlays = parse_overlays("overlap");
  const Renderer with_overlap(options, scene, 0.01);
  const Frame frame = frame_of(scene);
  const RasterImage image = with_overlap.rasterize({&frame});
  const Vec2 centre = with_overlap.camera().to_pixel(Vec2(0.15, 0.05));
  EXPECT_TRUE(is_red(image.pixel(static_cast<int>(centre.x()), static_cast<int>(centre.y()))));
  // Red pixels cover the intersection: 0.03 m^2 at scale^2 pixels per m^2 (edges anti-aliased).
  const double expected = 0.03 * with_overlap.camera().scale * with_overlap.camera().scale;
  EXPECT_NEAR(count_red(image), expected, 0.1 * expected);

  options.overlays = Overlays{};
  const Renderer without(options, scene, 0.01);
  EXPECT_EQ(count_red(without.rasterize({&frame})), 0);

  // Apart: no red at all.
  scene.bodies[1].position = Vec2(0.5, 0.0);
  options.overlays = parse_overlays("overlap");
  const Frame apart = frame_of(scene);
  EXPECT_EQ(count_red(Renderer(options, scene, 0.01).rasterize({&apart})), 0);
}

TEST(Renderer, SvgOutputIsAnSvgDocument) {
  const Scene scene = floor_and_box();
  RenderOptions options;
  options.panel_width = 200;
  const Frame frame = frame_of(scene);
  const std::string path = temp_path("render_box.svg");
  Renderer(options, scene, 0.01).write({&frame}, ImageFormat::Svg, path);
  const std::string text = file_text(path);
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find("</svg>"), std::string::npos);
}

TEST(Renderer, SideBySidePanelsShowEachFrameInItsOwnHalf) {
  const Scene scene = floor_and_box();
  RenderOptions options;
  options.panel_width = 240;
  options.panels = 2;
  options.caption = false;
  const Renderer renderer(options, scene, 0.01);
  EXPECT_EQ(renderer.width(), 480);
  Frame left = frame_of(scene);
  Frame right = frame_of(scene);
  right.active[1] = 0;  // the box not spawned yet in the right panel
  const RasterImage image = renderer.rasterize({&left, &right});
  const Vec2 c = renderer.camera().to_pixel(Vec2(0.0, 0.1));
  EXPECT_FALSE(is_white(image, c));
  EXPECT_TRUE(is_white(image, c + Vec2(240.0, 0.0)));
  EXPECT_THROW(renderer.rasterize({&left}), RenderError);
}

TEST(Renderer, RejectsBadOptionsAndUnreadableFiles) {
  const Scene scene = floor_and_box();
  RenderOptions options;
  options.panel_width = 10;
  EXPECT_THROW(Renderer(options, scene, 0.01), RenderError);
  options.panel_width = 200;
  EXPECT_THROW(Renderer(options, Scene{}, 0.01), RenderError);  // nothing to frame
  const Frame frame = frame_of(scene);
  EXPECT_THROW(Renderer(options, scene, 0.01).write({&frame}, ImageFormat::Png, "/nonexistent-dir/x.png"),
               RenderError);
  EXPECT_THROW(read_png(temp_path("no-such-file.png")), RenderError);
}

// A box resting on the floor: the normal impulses of one step hold its weight, m g h in total, and
// the renderer takes them from the z of the normal-impulse variables.
TEST(Frame, NormalImpulsesOfARestingBoxSumToItsWeightTimesH) {
  Scene scene = floor_and_box();
  SimulationOptions sim_options;
  sim_options.model = "standard";
  sim_options.time_step = 0.01;
  Simulation simulation(scene, sim_options);
  Frame frame;
  RunOptions run;
  run.duration = 0.05;
  run_simulation(simulation, run, [&](const Simulation& sim, const StepMeasurement& m) { frame = capture_frame(sim, m); });
  ASSERT_TRUE(frame.has_step);
  EXPECT_EQ(frame.step, 5);
  const std::vector<double> impulse = normal_impulse_per_contact(frame);
  double total = 0.0;
  for (double p : impulse) total += p;
  EXPECT_NEAR(total, 1.0 * 9.81 * 0.01, 1e-3 * 9.81 * 0.01);
  // The standard model makes every contact a U-constraint.
  const std::vector<unsigned> kinds = constraint_kinds_per_contact(frame);
  ASSERT_FALSE(kinds.empty());
  for (unsigned k : kinds) EXPECT_EQ(k, 1u << static_cast<unsigned>(ConstraintKind::Unilateral));

  RenderOptions options;
  options.panel_width = 300;
  options.overlays = parse_overlays("all");
  const Renderer renderer(options, scene, 0.01);
  // Automatic impulse scale: 20 px (at 800 px, so 10 px here) for m g h.
  EXPECT_NEAR(renderer.impulse_pixels_per_unit() * 9.81 * 0.01, 20.0 * 0.5, 1e-9);
  const std::string path = temp_path("render_resting.png");
  renderer.write({&frame}, ImageFormat::Png, path);
  EXPECT_EQ(read_png(path).width, 300);
}

TEST(Video, EncodesGifAndMp4WhenFfmpegIsInstalled) {
  const std::string ffmpeg = find_ffmpeg();
  if (ffmpeg.empty()) GTEST_SKIP() << "ffmpeg not installed";
  const Scene scene = floor_and_box();
  RenderOptions options;
  options.panel_width = 96;
  options.caption = false;
  const Renderer renderer(options, scene, 0.01);
  const fs::path dir = fs::path(testing::TempDir()) / "render_video_frames";
  fs::create_directories(dir);
  Frame frame = frame_of(scene);
  for (int i = 0; i < 3; ++i) {
    frame.bodies[1].position.y() = 0.1 + 0.05 * i;
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", i);
    renderer.write({&frame}, ImageFormat::Png, (dir / name).string());
  }
  const std::string pattern = (dir / "frame_%05d.png").string();
  const std::string gif = temp_path("render_video.gif");
  const std::string mp4 = temp_path("render_video.mp4");
  encode_video(ffmpeg, pattern, 10.0, VideoFormat::Gif, gif);
  encode_video(ffmpeg, pattern, 10.0, VideoFormat::Mp4, mp4);
  EXPECT_EQ(file_text(gif).substr(0, 6), "GIF89a");
  EXPECT_EQ(file_text(mp4).substr(4, 4), "ftyp");
  EXPECT_THROW(encode_video(ffmpeg, (dir / "missing_%05d.png").string(), 10.0, VideoFormat::Gif, gif), RenderError);
  EXPECT_THROW(encode_video("", pattern, 10.0, VideoFormat::Gif, gif), RenderError);
}

}  // namespace
}  // namespace pegsim
