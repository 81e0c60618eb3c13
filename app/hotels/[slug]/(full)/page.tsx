export { default } from "@/app/(site)/page";
