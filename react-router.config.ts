import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  // Lets several builds (parallel test runs, benchmarks) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
