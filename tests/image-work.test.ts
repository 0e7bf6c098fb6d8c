import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageTask, imageTasksQueued, imageWorkSettled } from "../src/server/services/image-work";

/** Image work runs one task at a time, whoever queues it: ten uploads at once hold the memory of one. */
describe("the image queue", () => {
  it("runs tasks one at a time, in order, and says how many wait", async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      imageTask(async () => {
        running += 1;
        most = Math.max(most, running);
        await sharp({ create: { width: 400, height: 300, channels: 3, background: "#336699" } })
          .jpeg()
          .toBuffer();
        order.push(i);
        running -= 1;
        return i;
      }),
    );
    expect(imageTasksQueued()).toBe(10);
    expect(await Promise.all(tasks)).toEqual([...Array(10).keys()]);
    await imageWorkSettled();
    expect(most).toBe(1);
    expect(order).toEqual([...Array(10).keys()]);
    expect(imageTasksQueued()).toBe(0);
  });

  it("a failing task fails its caller only; the next runs", async () => {
    const failing = imageTask(async () => {
      throw new Error("damaged image");
    });
    const next = imageTask(async () => "made");
    await expect(failing).rejects.toThrow("damaged image");
    expect(await next).toBe("made");
  });

  it("sharp runs on one libvips thread without its operation cache", () => {
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
  });
});
