import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    // Source maps only for `bench:page`'s breakdown by module; never served ("hidden": no comment
    // in the scripts pointing at them).
    sourcemap: process.env.BUILD_SOURCEMAPS === "1" ? "hidden" : false,
    minify: "terser",
    terserOptions: { compress: { passes: 2, ecma: 2020 }, format: { comments: false } },
  },
});
