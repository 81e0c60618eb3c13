import { describe, expect, it } from "vitest";
import { describeUserAgent } from "@/lib/staff/describe-user-agent";

describe("describeUserAgent", () => {
  it("names the browser, its major version and the system", () => {
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36")).toBe("Chrome 156 on Linux");
    expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox 133 on Windows NT 10.0");
    expect(describeUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")).toBe("Safari 18 on iOS 18.1");
  });

  it("says so when it cannot tell", () => {
    expect(describeUserAgent(null)).toBe("Unknown browser");
    expect(describeUserAgent("curl/8.5.0")).toBe("Unknown browser");
  });
});
