"""One SQS call of boto3 for the interop tests: sqs_client.py <endpoint> <command> <json arguments>.

Prints one JSON value. Commands: protocol (the wire protocol this boto3 speaks), create (a queue,
its URL), send (the MessageId), receive (up to "count" messages within "wait" seconds, deleted,
each with its body, attributes and system attributes; Binary values in base64).
"""
import base64
import json
import sys

import boto3


def main():
    endpoint, command, args = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    sqs = boto3.client("sqs", endpoint_url=endpoint, region_name="us-east-1",
                       aws_access_key_id="x", aws_secret_access_key="x")
    if command == "protocol":
        print(json.dumps(sqs.meta.service_model.protocol))
    elif command == "create":
        print(json.dumps(sqs.create_queue(**args)["QueueUrl"]))
    elif command == "send":
        print(json.dumps(sqs.send_message(**args)["MessageId"]))
    elif command == "receive":
        print(json.dumps(receive(sqs, args["QueueUrl"], args.get("count", 1), args.get("wait", 10))))
    else:
        raise SystemExit("unknown command " + command)


def receive(sqs, queue_url, count, wait):
    out = []
    while len(out) < count:
        got = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10, WaitTimeSeconds=wait,
                                  MessageAttributeNames=["All"], AttributeNames=["All"]).get("Messages", [])
        if not got:
            break
        for m in got:
            sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=m["ReceiptHandle"])
            attributes = {}
            for name, v in m.get("MessageAttributes", {}).items():
                value = v.get("StringValue")
                if "BinaryValue" in v:
                    value = base64.b64encode(v["BinaryValue"]).decode()
                attributes[name] = {"DataType": v["DataType"], "Value": value}
            out.append({"Body": m["Body"], "MessageAttributes": attributes, "Attributes": m.get("Attributes", {})})
    return out


main()
