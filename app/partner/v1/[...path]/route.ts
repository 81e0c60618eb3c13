import { unknownPartnerPath } from "@/lib/http/unknown-partner-path";

export { unknownPartnerPath as GET, unknownPartnerPath as POST, unknownPartnerPath as PUT, unknownPartnerPath as PATCH, unknownPartnerPath as DELETE, unknownPartnerPath as OPTIONS };
