// Animations: numbered PNG frames encoded by ffmpeg (Debian package "ffmpeg") into a GIF (with a
// generated palette) or an MP4 (H.264, yuv420p, even dimensions).
#pragma once

#include <string>

namespace pegsim {

enum class VideoFormat { Gif, Mp4 };

// The ffmpeg executable: $PEGSIM_FFMPEG if set, else the first "ffmpeg" on PATH, else
// /usr/bin/ffmpeg; empty string when none is executable.
std::string find_ffmpeg();

// Runs ffmpeg (no shell) on frames `frame_pattern` (printf-style, e.g. "dir/frame_%05d.png",
// numbered from 0) at `fps` frames per second. Throws RenderError when ffmpeg is missing, cannot be
// started or fails (with its exit status).
void encode_video(const std::string& ffmpeg, const std::string& frame_pattern, double fps, VideoFormat format,
                  const std::string& out_path);

}  // namespace pegsim
