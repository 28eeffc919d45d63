// Animations through ffmpeg (see video.h). ffmpeg is started directly (posix_spawn, no shell), so
// paths with spaces or quotes need no escaping.
#include <pegsim/render/video.h>

#include <pegsim/render/renderer.h>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

extern char** environ;

namespace pegsim {
namespace {

bool is_executable(const std::string& path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

std::vector<std::string> ffmpeg_arguments(const std::string& ffmpeg, const std::string& frame_pattern, double fps,
                                          VideoFormat format, const std::string& out_path) {
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.6g", fps);
  std::vector<std::string> args = {ffmpeg, "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                                   "-framerate", rate, "-start_number", "0", "-i", frame_pattern};
  if (format == VideoFormat::Gif) {
    // One palette for the whole clip (frames differ little); Bayer dithering keeps it crisp.
    args.insert(args.end(), {"-vf",
                             "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=4",
                             "-loop", "0"});
  } else {
    // H.264 in yuv420p (plays everywhere) needs even dimensions: pad by one pixel if odd.
    args.insert(args.end(), {"-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                             "-movflags", "+faststart"});
  }
  args.push_back(out_path);
  return args;
}

}  // namespace

std::string find_ffmpeg() {
  if (const char* env = std::getenv("PEGSIM_FFMPEG"); env != nullptr && *env != '\0') {
    return is_executable(env) ? std::string(env) : std::string();
  }
  if (const char* path = std::getenv("PATH"); path != nullptr) {
    std::stringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
      if (dir.empty()) continue;
      const std::string candidate = dir + "/ffmpeg";
      if (is_executable(candidate)) return candidate;
    }
  }
  return is_executable("/usr/bin/ffmpeg") ? "/usr/bin/ffmpeg" : "";
}

void encode_video(const std::string& ffmpeg, const std::string& frame_pattern, double fps, VideoFormat format,
                  const std::string& out_path) {
  if (!is_executable(ffmpeg)) {
    throw RenderError("ffmpeg not found (install the Debian package \"ffmpeg\", see scripts/setup.sh)");
  }
  if (!(fps > 0.0) || !std::isfinite(fps)) throw RenderError("encode_video: fps must be positive");
  std::vector<std::string> args = ffmpeg_arguments(ffmpeg, frame_pattern, fps, format, out_path);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, ffmpeg.c_str(), nullptr, nullptr, argv.data(), environ);
  if (spawned != 0) throw RenderError("cannot start " + ffmpeg + ": " + std::strerror(spawned));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw RenderError("waiting for ffmpeg failed: " + std::string(std::strerror(errno)));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    throw RenderError("ffmpeg failed (exit status " + std::to_string(code) + ") writing " + out_path);
  }
}

}  // namespace pegsim
